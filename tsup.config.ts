import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    server: 'src/server/index.ts',
    msw: 'src/msw/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  splitting: true,
  dts: true,
  external: ['msw', 'undici'],
  // p-retry and uuid are ESM-only: bundled, require() of the CJS build works (toolchain note 1).
  noExternal: ['p-retry', 'uuid', 'is-network-error', 'zod'],
  // The full OpenAPI document ships as loyalty-sdk/openapi.json, generated from the built table.
  async onSuccess() {
    const { buildOpenApiDocument } = await import(`${process.cwd()}/dist/index.js`);
    await writeFile('dist/openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  },
});
