import { readFile, writeFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

/**
 * Two statements of zod that run at import and that only the JSON Schema side of zod reads: the
 * table of JSON Schema contributors, and the global registry (field descriptions). tsup cuts its
 * chunks per file, so once an entry that writes JSON Schema (the OpenAPI document) uses them, they
 * land in the chunk the main entry imports too, and no bundler can drop a statement that runs at
 * import: 690 bytes gzipped of every Worker. Marked pure here, a bundle that never reads them
 * drops them; one that does runs them as before. A zod whose text no longer matches fails the build.
 */
const ZOD_PURE_EDITS: Record<string, { from: string; to: string; count: number }> = {
  'json-schema-processors.js': {
    from: ': formatContributor(',
    to: ': /* @__PURE__ */ formatContributor(',
    count: 2,
  },
  'registries.js': {
    from: '(_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());\nexport const globalRegistry = globalThis.__zod_globalRegistry;',
    to: 'export const globalRegistry = /* @__PURE__ */ (() => (_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry()))();',
    count: 1,
  },
};

const zodPure: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'zod-pure',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|registries)\.js$/ },
      async ({ path }) => {
        const edit = ZOD_PURE_EDITS[path.split(/[\\/]/).pop() as string];
        const text = await readFile(path, 'utf8');
        const found = edit ? text.split(edit.from).length - 1 : 0;
        if (!edit || found !== edit.count) {
          throw new Error(
            `zod-pure: ${path} holds "${edit?.from}" ${found} times, not ${edit?.count}: update ZOD_PURE_EDITS for this zod`,
          );
        }
        return { contents: text.replaceAll(edit.from, edit.to), loader: 'js' };
      },
    );
  },
};

const library = {
  entry: {
    operations: 'src/operations/entry.ts',
    index: 'src/index.ts',
    server: 'src/server/index.ts',
    msw: 'src/msw/index.ts',
    bulk: 'src/bulk/entry.ts',
    redis: 'src/redis/entry.ts',
    verify: 'src/verify/index.ts',
    // `#undici-loader` of package.json: Node's, and the one a Workers or browser bundle picks.
    'undici-loader': 'src/client/undici-loader.ts',
    'undici-loader.web': 'src/client/undici-loader.web.ts',
    // `#open-telemetry`: the recorder on Node (and Bun, Deno), none in Workers and browser bundles.
    'open-telemetry': 'src/telemetry/open-telemetry.ts',
    'open-telemetry.web': 'src/telemetry/open-telemetry.web.ts',
    // What the exports give Workers and browser bundles for the entries made for tests: a clear throw.
    'server.unavailable': 'src/server/adapters/unavailable.ts',
    'msw.unavailable': 'src/msw/unavailable.ts',
    'verify.unavailable': 'src/verify/unavailable.ts',
  },
  format: ['esm', 'cjs'] as ('esm' | 'cjs')[],
  // The inspector's page (src/server/inspector/page/inspector.html) is bundled as a string.
  loader: { '.html': 'text' },
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  splitting: true,
  // `tsup --no-dts` (npm run build:demo) leaves the declarations out: the demo runs JavaScript.
  dts: true,
  // Left for the package's `imports` map to resolve, by the runtime's or the bundler's conditions.
  external: ['msw', 'undici', '#undici-loader', '#open-telemetry'],
  // zod is bundled (tree-shaken `zod/mini`, it starts several times faster than the whole
  // package); the declarations are zod-free (src/operations/types.generated.ts), so it is a
  // devDependency.
  noExternal: ['zod'],
  esbuildPlugins: [zodPure],
  // The telemetry wing resolves @opentelemetry/api from its own file: `__filename` in CommonJS,
  // `import.meta.url` in ES modules. CommonJS cannot even parse `import.meta`, so it is defined away there.
  esbuildOptions(options, context) {
    if (context.format === 'cjs') options.define = { ...options.define, 'import.meta.url': 'undefined' };
  },
  // The full OpenAPI document ships as loyalty-sdk/openapi.json, generated from the built table.
  async onSuccess() {
    const { buildOpenApiDocument } = await import(`${process.cwd()}/dist/server.js`);
    await writeFile('dist/openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  },
} satisfies Options;

/**
 * The `loyalty` bin, built on its own: it bundles the command line's libraries (csv-parse,
 * csv-stringify, cli-progress, devDependencies, so nothing more is installed), and cli-progress
 * is CommonJS that requires Node modules, which an ES module can only do through createRequire.
 * The library's ES modules get no such banner: they must load where there is no `module`.
 */
const cli: Options = {
  entry: { cli: 'src/cli/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  // No map: the command prints errors as sentences, never a stack, and its map was 1.3 MB of the package.
  sourcemap: false,
  dts: false,
  loader: { '.html': 'text' },
  external: ['msw', 'undici', '#open-telemetry'],
  noExternal: [...library.noExternal, 'csv-parse', 'csv-stringify', 'cli-progress'],
  // The bin bundles the client from src, so it bundles Node's loader from src too: dist's loader
  // would bring the undici transport with the library's own copy of its error classes, which the
  // bin's client would not recognise (a timeout or a size limit reported as an unknown failure).
  esbuildOptions(options) {
    options.alias = { ...options.alias, '#undici-loader': './src/client/undici-loader.ts' };
  },
  banner: {
    js: "import { createRequire as loyaltyCreateRequire } from 'node:module'; const require = loyaltyCreateRequire(import.meta.url);",
  },
};

export default defineConfig([library, cli]);
