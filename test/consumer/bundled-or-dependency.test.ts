/**
 * Each package the SDK uses is either bundled into dist/ or a dependency, never both, so an
 * integrator installs no code twice; and
 * what dist/ imports (JavaScript and declarations alike) is a dependency, a peer dependency or
 * part of Node, so everything it needs gets installed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
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

function distFiles(suffix: string): string[] {
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'index.d.ts'))) throw new Error('run `npm run build` first: dist/ is missing');
  return readdirSync(dist)
    .filter((name) => name.endsWith(suffix))
    .map((file) => join(dist, file));
}

/** Whether a specifier names a package to install: not Node's, not the package's own `#imports`. */
function isPackage(specifier: string): boolean {
  return (
    PACKAGE_NAME.test(specifier) && !specifier.startsWith('node:') && !builtinModules.includes(specifier)
  );
}

/**
 * The packages the declarations of dist/ import: declarations are plain enough for a pattern
 * (`import("x")` in a type, `from "x"`).
 */
function declaredPackages(suffix: string): string[] {
  const found = new Set<string>();
  for (const file of distFiles(suffix)) {
    const text = readFileSync(file, 'utf8');
    // `(?<![\w.$])`: not a word ending in from; a specifier must look like a package name.
    for (const match of text.matchAll(
      /(?:(?<![\w.$])from\s*|(?<![\w.$])import\s*\(?\s*)["']([^"'./][^"']*)["']/g,
    )) {
      const specifier = match[1] as string;
      if (isPackage(specifier)) found.add(packageOf(specifier));
    }
  }
  return [...found].sort();
}

/**
 * The packages the JavaScript of dist/ imports or requires, as esbuild parses it: a pattern
 * would also find the bundled libraries' comments and the code they keep in strings (ajv's
 * `require("ajv/dist/runtime/...")` for its standalone mode, in the MCP command's chunk).
 */
async function importedPackages(suffix: '.js' | '.cjs'): Promise<string[]> {
  const result = await build({
    entryPoints: distFiles(suffix),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    external: ['#*'],
    outdir: join(root, 'dist', '.imports'),
    logLevel: 'silent',
  });
  const found = new Set<string>();
  // The bin calls a `require` of its own (createRequire, tsup.config.ts), which esbuild cannot
  // know for Node's: its calls are found by pattern, those written inside a string left out.
  for (const file of distFiles(suffix))
    for (const match of readFileSync(file, 'utf8').matchAll(
      /(?<![\w.$'"`])require\(\s*["']([^"'./][^"']*)["']\s*\)/g,
    ))
      if (isPackage(match[1] as string)) found.add(packageOf(match[1] as string));
  for (const input of Object.values(result.metafile.inputs))
    for (const imported of input.imports)
      if (imported.external && isPackage(imported.path)) found.add(packageOf(imported.path));
  return [...found].sort();
}

/** What the files of dist/ with this suffix import. */
function packagesOf(suffix: string): Promise<string[]> | string[] {
  return suffix === '.js' || suffix === '.cjs' ? importedPackages(suffix) : declaredPackages(suffix);
}

describe('bundled or a dependency', () => {
  it('no bundled package is also a dependency: an integrator installs no code twice', () => {
    expect(bundled.filter((name) => dependencies.includes(name))).toEqual([]);
  });

  it('zod is bundled and not a dependency: no declaration imports it, and no JavaScript either', async () => {
    expect(bundled).toContain('zod');
    expect(dependencies).not.toContain('zod');
    for (const suffix of ['.d.ts', '.d.cts', '.js', '.cjs'])
      expect(await packagesOf(suffix)).not.toContain('zod');
  });

  it.each(['.js', '.cjs', '.d.ts', '.d.cts'])(
    'every package the %s files of dist/ import gets installed',
    async (suffix) => {
      expect((await packagesOf(suffix)).filter((name) => !installed.includes(name))).toEqual([]);
    },
  );

  it('the bundled packages are not imported by the JavaScript of dist/: their code is inside it', async () => {
    const imported = [...(await importedPackages('.js')), ...(await importedPackages('.cjs'))];
    expect(bundled.filter((name) => imported.includes(name))).toEqual([]);
  });
});
