/**
 * Each package the SDK uses is either bundled into dist/ or a dependency, never both, so an
 * integrator installs no code twice; and
 * what dist/ imports (JavaScript and declarations alike) is a dependency, a peer dependency or
 * part of Node, so everything it needs gets installed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../tsup.config.js';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const dependencies = Object.keys(manifest.dependencies ?? {});
const installed = [...dependencies, ...Object.keys(manifest.peerDependencies ?? {})];
const options = Array.isArray(config) ? config[0] : config;
const bundled = ((options as { noExternal?: (string | RegExp)[] }).noExternal ?? []).map(String);

const PACKAGE_NAME = /^(node:)?(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/;

/** The package a specifier names: `zod/v4/core` is zod, `@scope/name/x` is @scope/name. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The bare specifiers imported by the files of dist/ whose names end with `suffix`. */
function importedPackages(suffix: string): string[] {
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'index.d.ts'))) throw new Error('run `npm run build` first: dist/ is missing');
  const found = new Set<string>();
  for (const file of readdirSync(dist).filter((name) => name.endsWith(suffix))) {
    const text = readFileSync(join(dist, file), 'utf8');
    // `(?<![\w.$])`: not `Buffer.from("...")` or a word ending in from; a specifier must look like a package name.
    for (const match of text.matchAll(
      /(?:(?<![\w.$])from\s*|(?<![\w.$])import\s*\(?\s*|(?<![\w.$])require\(\s*)["']([^"'./][^"']*)["']/g,
    )) {
      const specifier = match[1] as string;
      if (!PACKAGE_NAME.test(specifier)) continue;
      if (!specifier.startsWith('node:') && !builtinModules.includes(specifier))
        found.add(packageOf(specifier));
    }
  }
  return [...found].sort();
}

describe('bundled or a dependency', () => {
  it('no bundled package is also a dependency: an integrator installs no code twice', () => {
    expect(bundled.filter((name) => dependencies.includes(name))).toEqual([]);
  });

  it('zod is bundled and not a dependency: no declaration imports it, and no JavaScript either', () => {
    expect(bundled).toContain('zod');
    expect(dependencies).not.toContain('zod');
    for (const suffix of ['.d.ts', '.d.cts', '.js', '.cjs'])
      expect(importedPackages(suffix)).not.toContain('zod');
  });

  it.each(['.js', '.cjs', '.d.ts', '.d.cts'])(
    'every package the %s files of dist/ import gets installed',
    (suffix) => {
      expect(importedPackages(suffix).filter((name) => !installed.includes(name))).toEqual([]);
    },
  );

  it('the bundled packages are not imported by the JavaScript of dist/: their code is inside it', () => {
    const imported = ['.js', '.cjs'].flatMap(importedPackages);
    expect(bundled.filter((name) => imported.includes(name))).toEqual([]);
  });
});
