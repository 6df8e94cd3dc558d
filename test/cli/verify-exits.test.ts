/**
 * The exit statuses of `loyalty verify` (issue 45, point 3), each apart so that CI can tell them
 * apart: 0 agrees, 1 differs, 8 unverified, 70 verify itself failed; and a write the service
 * carried out that it must refuse, named in the last line and the JSON (point 1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/shared/exit-codes.js';
import type { VerifyResult } from '../../src/verify/index.js';
import { hostileService } from '../verify/hostile-service.js';
import { lenientService } from '../verify/lenient-service.js';
import { loyalty } from './cli-harness.js';

const KEY = 'cli_verify_exits_key_4f0a9b27';
const dir = mkdtempSync(join(tmpdir(), 'loyalty-verify-exits-'));
const services: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(services.map((service) => service.close()));
  rmSync(dir, { recursive: true, force: true });
});

const FAST = ['--max-rps', '1000'];

describe('loyalty verify exit statuses', () => {
  it('exit statuses are one place: 8 unverified, 70 verify itself failed, apart from 1 and 7', () => {
    expect(EXIT).toMatchObject({
      ok: 0,
      failure: 1,
      usage: 2,
      auth: 3,
      noAnswer: 7,
      unverified: 8,
      internal: 70,
    });
  });

  it("docs/cli.md's table lists every exit status, and no other", () => {
    const page = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    const table = page.slice(page.indexOf('## Exit statuses'), page.indexOf('## Recipes'));
    const listed = [...table.matchAll(/^\| (\d+) \|/gm)].map((match) => Number(match[1]));
    expect(listed.sort((a, b) => a - b)).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });

  it('an HTML page where the API should be: unverified, exit 8, one line saying why', async () => {
    const page = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Sign in</body></html>');
      return true;
    });
    services.push(page);
    const run = await loyalty(['verify', '--base-url', page.baseUrl, ...FAST], { LOYALTY_API_KEY: KEY });
    expect(run.code, run.stderr).toBe(EXIT.unverified);
    expect(run.stderr).toMatch(/^loyalty verify: unverified \(.*\): .+\n$/);
  });

  it('a service that carries out a write it must refuse: differs, exit 1, the write named in the last line and the JSON', async () => {
    const service = await lenientService({ holds: 'nothing' });
    services.push(service);
    const json = join(dir, 'lenient.json');
    const run = await loyalty(
      ['verify', '--base-url', service.baseUrl, '--sample', 'uid=cli_0001', ...FAST, '--json', json],
      { LOYALTY_API_KEY: KEY },
    );
    expect(run.code, run.stderr).toBe(EXIT.failure);
    const [write] = service.writes();
    expect(service.writes()).toHaveLength(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toContain(
      `carried out a write it must refuse: ${write?.method} ${write?.path} (200)`,
    );
    const result = JSON.parse(readFileSync(json, 'utf8')) as VerifyResult;
    expect(result.writesAccepted).toEqual([
      { method: write?.method, path: write?.path, status: 200, why: expect.stringMatching(/^refusal: /) },
    ]);
  });
});
