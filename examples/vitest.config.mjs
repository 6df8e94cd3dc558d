// @ts-check
// Runs the consumer-style tests of examples/ (the root config only runs test/**/*.test.ts):
//   npx vitest run --root examples        or        npx vitest run --config examples/vitest.config.mjs
// They import 'loyalty-sdk' like an application does, which resolves to the built package
// (package.json "exports" -> dist/): run `npm run build` first.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['*.test.mjs'],
    testTimeout: 20_000,
  },
});
