import { writeFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

const entry = {
  index: 'src/index.ts',
  server: 'src/server/index.ts',
  msw: 'src/msw/index.ts',
  cli: 'src/cli/main.ts',
};

const shared: Options = {
  entry,
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  splitting: false,
  external: ['msw', 'undici'],
  dts: true,
};

export default defineConfig([
  {
    ...shared,
    format: ['esm'],
    // The full OpenAPI document ships as loyalty-sdk/openapi.json, generated from the built table.
    async onSuccess() {
      const { buildOpenApiDocument } = await import(`${process.cwd()}/dist/index.js`);
      await writeFile('dist/openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
    },
  },
  {
    ...shared,
    entry: { index: entry.index, server: entry.server, msw: entry.msw },
    format: ['cjs'],
    // p-retry and uuid are ESM-only: bundle them so that require() works (toolchain note 1).
    noExternal: ['p-retry', 'uuid', 'is-network-error'],
  },
]);
