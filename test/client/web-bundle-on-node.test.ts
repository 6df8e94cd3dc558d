/**
 * A bundle made with the Workers or browser conditions has no undici (the package's
 * `#undici-loader` gives it none, nor the undici transport). Run on Node, as some test set-ups run
 * such bundles, the client must still send: with the runtime's fetch, not with an undici it does
 * not have; and a `dispatcher` given to it is refused when the client is made, naming `fetch`.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createReferenceServer, DEMO_API_KEY } from 'loyalty-sdk/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWithSdk } from '../support/sdk-bundle.js';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT_DIR = join(ROOT, '.tmp', 'web-bundle-on-node');

const APP = `
import { LoyaltyClient } from 'loyalty-sdk';
const client = new LoyaltyClient({ apiKey: process.env.KEY, baseUrl: process.env.BASE_URL, maxRetries: 0, logLevel: 'off' });
const customer = await client.clientes.retrieve('cli_0001');
console.log(customer.uid);
`;

/** A client given a dispatcher, which is undici's: what its constructor says. */
const APP_WITH_DISPATCHER = `
import { LoyaltyClient } from 'loyalty-sdk';
try {
  new LoyaltyClient({ apiKey: 'web-bundle-key-0123', baseUrl: 'https://api.example.test', dispatcher: { dispatch: () => true } });
  console.log('made');
} catch (error) {
  console.log(\`\${error.name}: \${error.message}\`);
}
`;

/** `app` bundled as wrangler bundles a worker (or a bundler a page), written where node can run it. */
async function bundle(
  conditions: string[],
  name: string,
  app = APP,
): Promise<{ file: string; inputs: string[] }> {
  const { code, inputs } = await bundleWithSdk({
    stdin: { contents: app, resolveDir: ROOT, loader: 'js' },
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions,
  });
  await mkdir(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, `${name}.mjs`);
  await writeFile(file, code);
  return { file, inputs };
}

const server = createReferenceServer();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await server.listen();
});
afterAll(() => server.close());

describe('a Workers or browser bundle run on Node', () => {
  it.each([
    ['Workers', ['workerd', 'worker', 'browser']],
    ['browser', ['browser']],
  ])(
    '%s conditions: the bundle holds no undici, and its client sends with fetch',
    async (name, conditions) => {
      const { file, inputs } = await bundle(conditions, name);
      expect(inputs.filter((input) => input.includes('undici'))).toEqual(['dist/undici-loader.web.js']);
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        env: { ...process.env, KEY: DEMO_API_KEY, BASE_URL: baseUrl },
      });
      expect(stdout.trim()).toBe('cli_0001');
    },
  );

  it('Workers conditions: a dispatcher is refused when the client is made, and the message names fetch', async () => {
    const { file } = await bundle(['workerd', 'worker', 'browser'], 'with-dispatcher', APP_WITH_DISPATCHER);
    const { stdout } = await promisify(execFile)(process.execPath, [file]);
    expect(stdout.trim()).toBe(
      'LoyaltyError: dispatcher needs undici, which a bundle made for Workers or a browser does not carry: pass fetch instead, e.g. fetch: (url, init) => undici.fetch(url, { ...init, dispatcher })',
    );
  });
});
