/**
 * `npm run demo` on a fresh clone builds only what the quickstart runs: the JavaScript, not the
 * type declarations (most of a full build's time); `npm run build` still makes both, and `npm pack`
 * after the demo's build makes them first (the consumer check packs after build:demo).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../tsup.config.js';

const root = join(import.meta.dirname, '..', '..');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const options = Array.isArray(config) ? config[0] : config;

describe('npm run demo', () => {
  it('builds with build:demo, then runs the quickstart', () => {
    // Quietly: the demo's own lines are what a newcomer sees (test/examples/demo-output.test.ts).
    expect(scripts.demo).toBe(
      'npm ci --loglevel=error --no-audit --no-fund && npm run --silent build:demo && node examples/quickstart.mjs',
    );
  });

  it('the README\'s "It is `...`" quotes the script as package.json has it', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(/^It is `([^`]+)`/m.exec(readme)?.[1]).toBe(scripts.demo);
  });

  it('build:demo leaves the type declarations out', () => {
    expect(scripts['build:demo']).toBe('rm -rf dist && tsup --no-dts --silent');
  });

  it('npm pack and npm publish run the prepack that builds what dist/ lacks', () => {
    expect(scripts.prepack).toBe('node test/package/prepack.mjs');
  });

  it('npm run build keeps them', () => {
    expect(scripts.build).toBe('rm -rf dist && tsup');
    expect((options as { dts?: unknown }).dts).toBe(true);
  });
});
