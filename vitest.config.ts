import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * The files that need a module graph of their own: the others share their worker's, which spares
 * each file loading the SDK, the server and vitest again (docs/decisions.md, "The test suite's time").
 */
const OWN_MODULES = [
  // What a client bundle reads must have no descriptions registered: another file's import of the table registers them.
  'test/operations/field-prose.test.ts',
  // The SDK keeps the global dispatcher it finds first; this file answers through its own.
  'test/docs/readme-blocks.test.ts',
  // It checks the setup that reads each file's OpenAPI check mark, from a fresh start.
  'test/openapi/openapi-check.test.ts',
];

export default defineConfig({
  // The inspector's page is imported as text, as tsup's text loader bundles it.
  plugins: [
    {
      name: 'html-as-text',
      enforce: 'pre',
      transform(code, id) {
        return id.endsWith('.html')
          ? { code: `export default ${JSON.stringify(code)};`, map: null }
          : undefined;
      },
    },
  ],
  resolve: {
    alias: [
      { find: /^loyalty-sdk\/server$/, replacement: src('server/index.ts') },
      { find: /^loyalty-sdk\/msw$/, replacement: src('msw/index.ts') },
      { find: /^loyalty-sdk\/bulk$/, replacement: src('bulk/entry.ts') },
      { find: /^loyalty-sdk\/redis$/, replacement: src('redis/entry.ts') },
      { find: /^loyalty-sdk\/verify$/, replacement: src('verify/index.ts') },
      { find: /^loyalty-sdk\/operations$/, replacement: src('operations/entry.ts') },
      { find: /^loyalty-sdk$/, replacement: src('index.ts') },
      { find: /^#undici-loader$/, replacement: src('client/undici-loader.ts') },
      { find: /^#open-telemetry$/, replacement: src('telemetry/open-telemetry.ts') },
    ],
  },
  test: {
    setupFiles: ['test/support/openapi-check-setup.ts'],
    globalSetup: ['test/support/redis-global-setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // vitest's default on two cores is one worker; most files spend their time waiting on a child
    // process or a socket, so a third keeps both cores busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          isolate: false,
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
});
