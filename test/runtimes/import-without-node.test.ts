/**
 * The main entry loads where Node's globals do not exist (Cloudflare Workers without
 * nodejs_compat has no `process` and no `Buffer`): the built module is imported in a Node process
 * whose `process` and `Buffer` globals were removed first.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const entry = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'index.js')).href;

const script = `
const out = globalThis.process.stdout;
delete globalThis.process;
delete globalThis.Buffer;
try {
  const sdk = await import(${JSON.stringify(entry)});
  const client = new sdk.LoyaltyClient({ apiKey: 'lk_test_key', baseUrl: 'https://loyalty.example.com' });
  out.write(JSON.stringify({ ok: true, client: typeof client.clientes.retrieve }));
} catch (error) {
  out.write(JSON.stringify({ ok: false, error: String(error) }));
}
`;

describe('the main entry without Node globals', () => {
  it('imports, and a client is made, with no process and no Buffer', () => {
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual({ ok: true, client: 'function' });
  });
});
