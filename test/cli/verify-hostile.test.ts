/**
 * `loyalty verify` against a service that misbehaves over HTTP, past discovery (issue "A hostile
 * or broken service"): an echoed key is in nothing it prints or writes; an answer nested 100,000
 * deep is a finding, not a crash; a service that never answers ends the run at the first
 * `--timeout-ms`, exit 7, in one line; an endless answer is read up to the limit, in bounded memory.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../src/server/index.js';
import type { VerifyResult } from '../../src/verify/index.js';
import { temporaryFolder } from '../support/end-after.js';
import {
  afterDiscovery,
  deepJson,
  echoKey,
  endlessBody,
  hostileService,
  type Misbehaviour,
  neverAnswer,
  secretFragments,
} from '../verify/hostile-service.js';
import { type CliRun, loyalty, loyaltyProcess } from './cli-harness.js';

const KEY = 'cli_hostile_verify_key_93e1c07b5a';
const dir = temporaryFolder('loyalty-verify-hostile-');
const file = (name: string) => join(dir, name);

const reference = createReferenceServer({ keys: [{ key: KEY, scopes: '*' }] });
const upstream = await reference.listen({ port: 0 });
const services: { close(): Promise<void> }[] = [reference];
afterAll(() => Promise.all(services.map((service) => service.close())));

/** `loyalty verify` of one operation, quickly paced, against a service that misbehaves so after discovery. */
async function verifyAgainst(
  misbehaviour: Misbehaviour,
  args: string[] = [],
  env: Record<string, string> = {},
  run: typeof loyalty = loyalty,
) {
  const service = await hostileService(afterDiscovery(misbehaviour), upstream);
  services.push(service);
  return run(
    ['verify', '--base-url', service.baseUrl, '--only', 'tareas.list', '--max-rps', '1000', ...args],
    { LOYALTY_API_KEY: KEY, ...env },
  );
}

const resultIn = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as VerifyResult;

describe('loyalty verify against a hostile service', () => {
  it('a key the service echoes is in nothing printed or written: report, JSON, JUnit, profile, stderr', async () => {
    const files = ['echo.md', 'echo.json', 'echo.xml', 'echo.profile.json'].map(file);
    const [report, json, junit, profile] = files as [string, string, string, string];
    const echo = echoKey(KEY, [{ tareaId: 1, nota: KEY, [KEY]: 1 }]);
    const run = await verifyAgainst(echo, [
      '--report',
      report,
      '--json',
      json,
      '--junit',
      junit,
      '--profile-out',
      profile,
    ]);
    expect(run.code, run.stderr).toBe(1);
    // The echo reached what was written (a field named after the key), masked: the check can fail.
    expect(readFileSync(profile, 'utf8')).toContain(`****${KEY.slice(-4)}`);
    for (const text of [run.stdout, run.stderr, ...files.map((path) => readFileSync(path, 'utf8'))])
      for (const fragment of secretFragments(KEY)) expect(text).not.toContain(fragment);
  });

  it('an answer nested 100,000 deep is an error-shape finding, never a stack overflow: unverified, exit 8', async () => {
    const run = await verifyAgainst(deepJson(100_000), ['--json', file('deep.json')]);
    // No probe got an answer in the envelope: too little to judge.
    expect(run.code, run.stderr).toBe(8);
    expect(run.stderr).not.toMatch(/call stack/i);
    expect(run.stderr).toMatch(/^loyalty verify: \w+ \(\d+ findings?(: [^;]+)?; \d+ requests? sent[;)]/);
    expect(resultIn(file('deep.json')).findings).toContainEqual(
      expect.objectContaining({ kind: 'error-shape', observed: 'JSON nested deeper than 1000 levels' }),
    );
  });

  it('a service that never answers: unverified at the first --timeout-ms, exit 7, one line naming the flag', async () => {
    const run = await verifyAgainst(neverAnswer, ['--timeout-ms', '200', '--report', file('hang.md')]);
    expect(run.code, run.stderr).toBe(7);
    // Discovery and the first probe: the run ends at the first timeout, not one per probe of the plan.
    expect(run.stderr).toMatch(
      /^loyalty verify: unverified \(0 findings; 2 requests sent[^)]*\): No answer to GET \/ext\/v3\/tareas: no complete answer within 200 ms \(--timeout-ms\); the run stops at the first probe that times out\.\n$/,
    );
  });

  it('an endless answer is read up to the limit: a finding, unverified (exit 8), and the process stays under 400 MB', async () => {
    // Each process reports its peak resident memory as it exits.
    const hook = file('max-rss.cjs');
    writeFileSync(
      hook,
      "process.on('exit', () => process.stderr.write('maxRSS ' + process.resourceUsage().maxRSS + '\\n'));\n",
    );
    // A process of its own: the memory measured is the command's alone.
    const run = await verifyAgainst(
      endlessBody,
      ['--json', file('endless.json')],
      { NODE_OPTIONS: `--require ${hook}` },
      loyaltyProcess,
    );
    expect(run.code, run.stderr).toBe(8);
    expect(resultIn(file('endless.json')).findings).toContainEqual(
      expect.objectContaining({
        kind: 'error-shape',
        location: 'response',
        observed: expect.stringMatching(/^answer over \d+ bytes/),
      }),
    );
    const maxRssKb = Number(/maxRSS (\d+)/.exec(run.stderr)?.[1]);
    expect(maxRssKb).toBeGreaterThan(0);
    expect(maxRssKb).toBeLessThan(400 * 1024);
  });

  it.each([
    ['0', /--timeout-ms takes a whole number of at least 1, got "0"/],
    ['soon', /--timeout-ms takes a whole number of at least 1, got "soon"/],
  ])('--timeout-ms %s: invalid input, exit 2, nothing sent', async (value, message) => {
    const before = reference.admin.requests().length;
    const run: CliRun = await loyalty(['verify', '--base-url', upstream, '--timeout-ms', value], {
      LOYALTY_API_KEY: KEY,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(reference.admin.requests()).toHaveLength(before);
  });
});
