import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Files whose checks hold only with the machine to themselves, run one at a time after all the
 * others: the fleet's wall time against what its requests need at the server's rate (at most
 * 1.25x); a hostile service's cells, each a process that must settle within its deadline plus a second.
 */
const ALONE = ['test/fleet/fleet.test.ts', 'test/hostile/hostile.test.ts'];

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
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ALONE],
        },
      },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
