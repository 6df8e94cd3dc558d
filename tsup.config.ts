import { writeFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

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
  external: ['msw', 'undici', '#undici-loader', '#open-telemetry'],
  noExternal: [...library.noExternal, 'csv-parse', 'csv-stringify', 'cli-progress'],
  banner: {
    js: "import { createRequire as loyaltyCreateRequire } from 'node:module'; const require = loyaltyCreateRequire(import.meta.url);",
  },
};

export default defineConfig([library, cli]);
