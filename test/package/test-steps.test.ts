/** `npm test` (test/steps.mjs) runs each step as an npm script of package.json, in order. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STEPS } from '../steps.mjs';

const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts;

describe('npm test', () => {
  it('is the step runner', () => {
    expect(scripts.test).toBe('node test/steps.mjs');
  });

  it.each(STEPS)('runs %s, a script of package.json', (step) => {
    expect(scripts[step]).toEqual(expect.any(String));
  });

  it('lints and typechecks before it builds, and tests the build before packing it', () => {
    const at = (step: string) => STEPS.indexOf(step);
    expect(at('lint')).toBeLessThan(at('build'));
    expect(at('typecheck')).toBeLessThan(at('build'));
    expect(at('build')).toBeLessThan(at('test:unit'));
    expect(at('test:unit')).toBeLessThan(at('check:package'));
  });
});
