import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Files whose checks hold only with the machine to themselves, run one at a time after all the
 * others: the fleet, whose four worker processes and the server's rate limit meet in real time
 * (the share of the server's own 429s, every item done within its retries). Its wall time is
 * judged only under `npm run test:fleet`.
 */
const ALONE = ['test/fleet/fleet.test.ts'];

/**
 * Files whose subject is what a fresh process holds, each run in one of its own; every other file
 * shares its worker's modules with the files run before it there. field-prose: the client's rows
 * carry no field descriptions until the table is loaded. telemetry: OpenTelemetry's providers are
 * global to a process, and each file registers its own (or none). openapi-check: the setup's
 * per-file mark of a started check.
 */
const ISOLATED = [
  'test/operations/field-prose.test.ts',
  'test/telemetry/*.test.ts',
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
    // Each file's temporary folders, and the processes it starts, named by the file; what a run
    // leaves behind is checked at its end (test/leftovers/).
    setupFiles: [
      'test/support/leftovers-setup.ts',
      'test/support/openapi-check-setup.ts',
      'test/support/profile-load-back-setup.ts',
    ],
    globalSetup: ['test/support/leftovers-global-setup.ts', 'test/support/redis-global-setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // vitest's default on two cores is one worker; many files spend their time waiting on a child
    // process or a socket, so more keep both cores busy.
    maxWorkers: 3,
    // A file's stubs of process.env and of globals end with each test, so none reaches the next file.
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ALONE, ...ISOLATED],
          // The source is evaluated once per worker, not once per file (docs/decisions.md, "The unit run's workers").
          isolate: false,
          // Sharing holds only while no file leaves anything behind in the process.
          setupFiles: ['test/support/leak-check-setup.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
