/** `npm test` (test/steps.mjs) runs each step as an npm script of package.json, in phases. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHASES, STEPS } from '../steps.mjs';

const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts;

describe('npm test', () => {
  it('is the step runner', () => {
    expect(scripts.test).toBe('node test/steps.mjs');
  });

  it.each(STEPS)('runs %s, a script of package.json', (step) => {
    expect(scripts[step]).toEqual(expect.any(String));
  });

  it('runs each step once', () => {
    expect(new Set(STEPS).size).toBe(STEPS.length);
  });

  it('ends with the leftover check, alone in the last phase', () => {
    expect(PHASES.at(-1)).toEqual(['check:leftovers']);
  });

  it('builds before what reads the build, and tests the build before packing it', () => {
    const phaseOf = (step: string) => PHASES.findIndex((phase) => phase.includes(step));
    for (const step of [
      'check:api',
      'check:size',
      'test:unit',
      'check:package',
      'check:consumer',
      'check:runtimes',
    ])
      expect(phaseOf('build:tarball'), step).toBeLessThan(phaseOf(step));
    for (const packs of ['check:package', 'check:consumer', 'check:runtimes'])
      expect(phaseOf('test:unit'), packs).toBeLessThan(phaseOf(packs));
  });
});
