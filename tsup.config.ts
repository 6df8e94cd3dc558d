import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    server: 'src/server/index.ts',
    msw: 'src/msw/index.ts',
    bulk: 'src/bulk/entry.ts',
    redis: 'src/redis/entry.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  splitting: true,
  // `tsup --no-dts` (npm run build:demo) leaves the declarations out: the demo runs JavaScript.
  dts: true,
  external: ['msw', 'undici'],
  // Bundled, and so devDependencies: p-retry and uuid are ESM-only, and tsup's CJS interop
  // would turn `pRetry` into a non-function at run time; no declaration mentions them.
  // zod is bundled too (tree-shaken, it starts several times faster than the whole package); the
  // declarations are zod-free (src/operations/types.generated.ts), so it is a devDependency.
  noExternal: ['p-retry', 'uuid', 'is-network-error', 'zod'],
  // The full OpenAPI document ships as loyalty-sdk/openapi.json, generated from the built table.
  async onSuccess() {
    const { buildOpenApiDocument } = await import(`${process.cwd()}/dist/index.js`);
    await writeFile('dist/openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  },
});
