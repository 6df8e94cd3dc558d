/**
 * The public API report (test/api/report.mjs) on small packages made here: what it shows of a
 * surface, and that its check fails, with the diff and the command that regenerates it, when the
 * declarations change the surface. The test command runs the check on the real build
 * (`npm run check:api`).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApiReport, checkApiReport, REGENERATE, REPORT_PATH } from './report.mjs';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'api-report-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The declarations of a package built with a shared chunk, as tsup emits them. */
const BASE: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'demo-sdk',
    exports: {
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
      },
      './extra': {
        import: { types: './dist/extra.d.ts', default: './dist/extra.js' },
        require: { types: './dist/extra.d.cts', default: './dist/extra.cjs' },
      },
      './data.json': './dist/data.json',
    },
  }),
  'dist/chunk-AbC123.d.ts': [
    'interface BaseOptions {',
    '    timeoutMs?: number;',
    '}',
    '/** Options of the client. */',
    'interface ClientOptions extends BaseOptions {',
    '    apiKey: string;',
    '}',
    'declare class Client {',
    '    constructor(options: ClientOptions);',
    '    get(id: string): Promise<string>;',
    '}',
    'export { Client as C, ClientOptions as a };',
  ].join('\n'),
  'dist/index.d.ts': [
    "export { C as Client, a as ClientOptions } from './chunk-AbC123.js';",
    'declare function version(): string;',
    'export { version };',
  ].join('\n'),
  'dist/extra.d.ts': [
    "import { C as Client } from './chunk-AbC123.js';",
    "export { C as Client } from './chunk-AbC123.js';",
    'declare function makeClient(apiKey: string): Client;',
    'export { makeClient };',
  ].join('\n'),
};
BASE['dist/chunk-AbC123.d.cts'] = BASE['dist/chunk-AbC123.d.ts'] ?? '';
for (const entry of ['index', 'extra']) {
  BASE[`dist/${entry}.d.cts`] = (BASE[`dist/${entry}.d.ts`] ?? '').replaceAll(
    'chunk-AbC123.js',
    'chunk-AbC123.cjs',
  );
}

let made = 0;
/** A package folder with the base files, `changes` applied, and its report checked in. */
function makePackage(changes: Record<string, string> = {}, reportFrom?: string): string {
  const folder = join(scratch, `package-${++made}`);
  for (const [file, text] of Object.entries({ ...BASE, ...changes })) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), text);
  }
  mkdirSync(join(folder, dirname(REPORT_PATH)), { recursive: true });
  writeFileSync(join(folder, REPORT_PATH), buildApiReport(reportFrom ?? folder));
  return folder;
}

/**
 * A copy of `folder` whose declarations then change (a `.d.ts` file and its `.d.cts` twin alike):
 * the checked-in report stays the old one.
 */
function changed(folder: string, file: string, edit: (text: string) => string): string {
  const copy = `${folder}-changed-${++made}`;
  cpSync(folder, copy, { recursive: true });
  const twin = file.replace(/\.d\.ts$/, '.d.cts');
  for (const each of new Set([file, twin])) {
    const path = join(copy, each);
    if (existsSync(path)) writeFileSync(path, edit(readFileSync(path, 'utf8')));
  }
  return copy;
}

describe('the API report shows the surface', () => {
  const text = buildApiReport(makePackage());

  it('lists every entry point of the exports map, with its conditions and files', () => {
    expect(text).toContain(
      '| `demo-sdk` | import | types: `./dist/index.d.ts`, default: `./dist/index.js` |',
    );
    expect(text).toContain('| `demo-sdk/extra` | import | types: `./dist/extra.d.ts`');
    expect(text).toContain('| `demo-sdk/data.json` | (any) | `./dist/data.json` |');
  });

  it('prints each export under the exported name, never a chunk alias or file hash', () => {
    expect(text).toMatch(/^Client\s+class$/m);
    expect(text).toMatch(/^ClientOptions\s+interface$/m);
    expect(text).toContain('declare function version(): string;');
    expect(text).not.toMatch(/AbC123|\bas C\b/);
  });

  it('prints a declaration once: an entry re-exporting it points at the first entry', () => {
    expect(text).toMatch(/^Client\s+class {2}see demo-sdk$/m);
    expect(text.match(/declare class Client \{/g)).toHaveLength(1);
  });

  it('prints declarations the exports refer to that no entry exports', () => {
    expect(text).toContain('// BaseOptions, used by the declarations of demo-sdk');
    expect(text).toMatch(/interface BaseOptions \{\n\s+timeoutMs\?: number;\n\}/);
  });

  it('leaves comments out, so a change to the docs alone changes nothing', () => {
    const folder = makePackage();
    const documented = changed(folder, 'dist/chunk-AbC123.d.ts', (source) =>
      source.replace('declare class Client {', '/** A client, now documented. */\ndeclare class Client {'),
    );
    expect(checkApiReport(documented)).toEqual({ ok: true });
  });

  it('says so when the CommonJS declarations differ from the ES module ones', () => {
    const divergent = buildApiReport(
      makePackage({ 'dist/index.d.cts': "export { C as Client } from './chunk-AbC123.cjs';" }),
    );
    expect(divergent).toContain('# Declarations under `import`');
    expect(divergent).toContain('# Declarations under `require`');
    expect(text).toContain('The ES module (`import`) and CommonJS (`require`) declarations are the same.');
  });
});

describe('the check fails on a change to the surface', () => {
  const folder = makePackage();

  it('passes while the declarations match the checked-in report', () => {
    expect(checkApiReport(folder)).toEqual({ ok: true });
  });

  it('fails on an added export, printing the diff and the command that regenerates the report', () => {
    const added = changed(folder, 'dist/index.d.ts', (source) =>
      source.replace(
        'export { version };',
        'declare const MAX_RETRIES = 3;\nexport { version, MAX_RETRIES };',
      ),
    );
    const result = checkApiReport(added);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diff).toMatch(/^\+MAX_RETRIES\s+const$/m);
    expect(result.diff).toContain('+declare const MAX_RETRIES = 3;');
    expect(result.message).toContain(`regenerate the report and commit it: ${REGENERATE}`);
  });

  it('fails on a removed export', () => {
    const removed = changed(folder, 'dist/extra.d.ts', (source) =>
      source.replace(/^export \{ C as Client \} from .*\n/m, ''),
    );
    const result = checkApiReport(removed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diff).toMatch(/^-Client\s+class {2}see demo-sdk$/m);
  });

  it('fails on a narrower input of an exported function', () => {
    const narrowed = changed(folder, 'dist/extra.d.ts', (source) =>
      source.replace('makeClient(apiKey: string)', "makeClient(apiKey: 'sk_live' | 'sk_test')"),
    );
    const result = checkApiReport(narrowed);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.diff).toContain("+declare function makeClient(apiKey: 'sk_live' | 'sk_test'): Client;");
  });

  it('fails on a member added to a type no entry exports but an export extends', () => {
    const widened = changed(folder, 'dist/chunk-AbC123.d.ts', (source) =>
      source.replace('timeoutMs?: number;', 'timeoutMs?: number;\n    retries: number;'),
    );
    const result = checkApiReport(widened);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diff).toContain('+    retries: number;');
  });

  it('fails on a new entry point in package.json', () => {
    const entry = changed(folder, 'package.json', (source) => {
      const manifest = JSON.parse(source);
      manifest.exports['./more'] = { import: { types: './dist/extra.d.ts', default: './dist/more.js' } };
      return JSON.stringify(manifest);
    });
    const result = checkApiReport(entry);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diff).toContain('+## `demo-sdk/more`');
  });
});

describe('the checked-in report of this package', () => {
  const checkedIn = readFileSync(join(root, REPORT_PATH), 'utf8');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
  };

  it.each(Object.keys(manifest.exports))('names the entry point %s', (subpath) => {
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    expect(checkedIn).toContain(`| \`${specifier}\` |`);
  });
});
