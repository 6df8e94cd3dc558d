/**
 * A bundle made with the Workers or browser conditions has no undici (the package's
 * `#undici-loader` gives it none). Run on Node, as some test set-ups run such bundles, the client
 * must still send: with the runtime's fetch, not with an undici it does not have.
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

/** APP bundled as wrangler bundles a worker (or a bundler a page), written where node can run it. */
async function bundle(conditions: string[], name: string): Promise<{ file: string; inputs: string[] }> {
  const { code, inputs } = await bundleWithSdk({
    stdin: { contents: APP, resolveDir: ROOT, loader: 'js' },
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
});
