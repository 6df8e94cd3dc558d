/**
 * `loyalty verify` (in process; the built bin for the first run and on a terminal): a safe run against the reference server agrees (exit 0);
 * against the divergent twin it differs (exit 1, the findings in --json); --plan sends nothing;
 * bad input is exit 2 with nothing sent, an unreachable service 7, a wrong key 3; the key shows
 * nowhere: not on stdout or stderr, not in the files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { complete, FILES } from '../../src/cli/completion.js';
import { createReferenceServer } from '../../src/server/index.js';
import type { VerifyResult } from '../../src/verify/index.js';
import { temporaryFolder } from '../support/end-after.js';
import { openTerminal } from '../support/terminal-session.js';
import { createDivergentTwin } from '../verify/divergent-twin.js';
import { CLI, type CliRun, loyalty, loyaltyProcess } from './cli-harness.js';

const KEY = 'cli_verify_key_5b1e07d3c9a2';
const dir = temporaryFolder('loyalty-verify-');
const keyFile = join(dir, 'key');
writeFileSync(keyFile, `${KEY}\n`);
const file = (name: string) => join(dir, name);

const reference = createReferenceServer({ keys: [{ key: KEY, scopes: '*' }] });
const referenceUrl = await reference.listen({ port: 0 });
const uid = reference.admin.createCustomer({ puntos: 100 });
const grupoId = reference.admin.createGroup({ uids: [uid] });
const twin = createDivergentTwin();
const twinServer = await twin.listen();
afterAll(() => Promise.all([reference.close(), twinServer.close()]));

/** A fast run (the default of 2 a second would take a minute), under the servers' own limit of 100 a second. */
const FAST = ['--max-rps', '50'];
const SAMPLES = ['--sample', `uid=${uid}`, '--sample', `grupoId=${grupoId}`];

/** The key never shows: on stdout, on stderr, or in a file the run wrote. */
function expectNoKey(run: CliRun, key: string, files: readonly string[] = []): void {
  expect(run.stdout).not.toContain(key);
  expect(run.stderr).not.toContain(key);
  for (const path of files) expect(readFileSync(path, 'utf8')).not.toContain(key);
}

const requestsSeen = () => reference.admin.requests().length;

describe('loyalty verify', () => {
  it('--help names every option and the exit statuses, and needs no key', async () => {
    const run = await loyalty(['verify', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: loyalty verify [options]');
    for (const flag of [
      '--base-url',
      '--api-key-file',
      '--mode safe|sandbox',
      '--yes',
      '--only',
      '--sample NAME=VALUE',
      '--max-rps',
      '--timeout-ms',
      '--plan',
      '--report',
      '--json',
      '--junit',
      '--profile-out',
    ])
      expect(run.stdout).toContain(flag);
    expect(run.stdout).toMatch(/The report lists what\s+it created/);
    expect(run.stdout).toMatch(/0 the service agrees; 1 it differs/);
  });

  it('agrees with the reference server: exit 0, the report on stdout verdict first', async () => {
    const files = [file('agrees.json'), file('agrees.xml'), file('agrees.profile.json')];
    // The built bin, end to end.
    const run = await loyaltyProcess(
      [
        'verify',
        '--base-url',
        referenceUrl,
        '--api-key-file',
        keyFile,
        ...SAMPLES,
        ...FAST,
        '--json',
        files[0] as string,
        '--junit',
        files[1] as string,
        '--profile-out',
        files[2] as string,
      ],
      {},
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n').find((line) => line.trim() !== '')).toMatch(/agrees/);
    const result = JSON.parse(readFileSync(files[0] as string, 'utf8')) as VerifyResult;
    expect(result.verdict).toBe('agrees');
    expect(result.findings).toEqual([]);
    expect(readFileSync(files[1] as string, 'utf8')).toContain('<testsuite');
    expect(JSON.parse(readFileSync(files[2] as string, 'utf8')).format).toBe('loyalty-sdk/service-profile');
    expectNoKey(run, KEY, files);
  });

  it('differs from the divergent twin: exit 1, the findings in the JSON file, the report in --report', async () => {
    const files = [file('twin.json'), file('twin.md')];
    const run = await loyalty(
      [
        'verify',
        '--base-url',
        twinServer.baseUrl,
        ...Object.entries(twin.samples).flatMap(([name, values]) => ['--sample', `${name}=${values[0]}`]),
        ...FAST,
        '--json',
        files[0] as string,
        '--report',
        files[1] as string,
      ],
      { LOYALTY_API_KEY: twin.apiKey },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^loyalty verify: differs \(\d+ findings: \d+ on the spec's rules, \d+ on the reference's choices; \d+ requests sent/m,
    );
    const result = JSON.parse(readFileSync(files[0] as string, 'utf8')) as VerifyResult;
    expect(result.verdict).toBe('differs');
    const kinds = new Set(result.findings.map((finding) => finding.kind));
    for (const plant of twin.plants.filter((plant) => plant.needs === undefined))
      expect(kinds).toContain(plant.kind);
    expect(readFileSync(files[1] as string, 'utf8')).toMatch(/differs/);
    expectNoKey(run, twin.apiKey, files);
  });

  it('--mode sandbox --yes against a reference server: exit 0, agrees, what it created in the report', async () => {
    // A server of its own: the burst ends in a 429 that the other tests' server must not answer.
    const sandbox = createReferenceServer({ keys: [{ key: KEY, scopes: '*' }] });
    const url = await sandbox.listen({ port: 0 });
    try {
      const group = sandbox.admin.createGroup({ uids: [sandbox.admin.createCustomer({ puntos: 5 })] });
      const files = [file('sandbox.json'), file('sandbox.md')];
      const args = ['--mode', 'sandbox', '--yes', '--sample', `grupoId=${group}`, ...FAST];
      const run = await loyalty(
        ['verify', '--base-url', url, ...args, '--json', files[0] as string, '--report', files[1] as string],
        { LOYALTY_API_KEY: KEY },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^loyalty verify: agrees \(0 findings; \d+ requests sent, 3 created/m);
      const result = JSON.parse(readFileSync(files[0] as string, 'utf8')) as VerifyResult;
      expect(result.created.map((made) => made.kind)).toEqual(['customer', 'movement', 'tag']);
      expect(readFileSync(files[1] as string, 'utf8')).toContain('## Created (3)');
      expectNoKey(run, KEY, files);
    } finally {
      await sandbox.close();
    }
  });

  it('--plan prints every request it would send and sends none (no key needed)', async () => {
    const before = requestsSeen();
    const run = await loyalty(['verify', '--plan', '--base-url', referenceUrl, ...SAMPLES]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\d+ requests would be sent/);
    expect(run.stdout).toMatch(/^ {2}discovery +GET +\/ext\/v3\/openapi\.json {2}\(/m);
    expect(run.stdout).toMatch(/^ {2}dry-run +POST +\/ext\/v3\/grupos\/\d+\/puntos/m);
    expect(run.stdout).toContain(`/ext/v3/clientes/${uid}`);
    expect(requestsSeen()).toBe(before);
  });

  describe('invalid input: exit 2, nothing sent', () => {
    const base = ['verify', '--base-url', referenceUrl, '--api-key-file', keyFile];
    it.each([
      [
        'an unknown sample name',
        ['--sample', 'cliente=1'],
        /--sample takes NAME=VALUE with NAME one of .*uid.*grupoId/,
      ],
      ['a sample the table refuses', ['--sample', 'grupoId=0'], /grupoId/],
      ['a --max-rps that is no number', ['--max-rps', 'fast'], /--max-rps takes a number greater than 0/],
      ['a --max-rps of 0', ['--max-rps', '0'], /--max-rps takes a number greater than 0/],
      ['--mode sandbox without --yes', ['--mode', 'sandbox'], /--mode sandbox writes to the service.*--yes/],
      ['an unknown mode', ['--mode', 'careful'], /--mode takes safe or sandbox/],
      ['an unknown operation in --only', ['--only', 'clientes.retrive'], /did you mean clientes\.retrieve/],
      ['a report in a directory that is not there', ['--report', join(dir, 'none', 'r.md')], /--report/],
    ])('%s', async (_name, args, message) => {
      const before = requestsSeen();
      const run = await loyalty([...base, ...args]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(requestsSeen()).toBe(before);
    });

    it('no base URL', async () => {
      const run = await loyalty(['verify'], { LOYALTY_API_KEY: KEY });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('No base URL');
    });
  });

  it('an unreachable service: exit 7, one line', async () => {
    const closed = await freePort();
    const run = await loyalty(['verify', '--base-url', `http://127.0.0.1:${closed}`, ...FAST], {
      LOYALTY_API_KEY: KEY,
    });
    expect(run.code, run.stderr).toBe(7);
    expect(run.stderr).toMatch(/^loyalty verify: unverified/m);
    expectNoKey(run, KEY);
  });

  it('a wrong key: exit 3', async () => {
    const wrong = 'cli_verify_wrong_key_0c4d';
    const run = await loyalty(['verify', '--base-url', referenceUrl, ...FAST], { LOYALTY_API_KEY: wrong });
    expect(run.code, run.stderr).toBe(3);
    expectNoKey(run, wrong);
  });
});

describe('loyalty verify on a terminal', () => {
  it('shows its progress on stderr as it goes, and leaves only the verdict line', async () => {
    const report = file('terminal.md');
    const args = [
      CLI,
      'verify',
      '--base-url',
      referenceUrl,
      ...SAMPLES,
      '--max-rps',
      '20',
      '--report',
      report,
    ];
    const terminal = openTerminal(
      `bash -c "${[process.execPath, ...args].map((word) => `'${word}'`).join(' ')}; echo exit \\$?"`,
      { PATH: process.env.PATH ?? '', TERM: 'xterm-256color', LOYALTY_API_KEY: KEY },
    );
    try {
      expect(await terminal.waitFor(/\[\d+\/\d+\] [\w.]+: /)).toMatch(/\[\d+\/\d+\]/);
      const screen = await terminal.waitFor(/exit 0/);
      expect(screen).toMatch(/loyalty verify: agrees \(0 findings; \d+ requests sent[;)]/);
      expect(screen).not.toMatch(/\[\d+\/\d+\]/);
      expect(screen).not.toContain(KEY);
    } finally {
      terminal.close();
    }
  });
});

describe('loyalty verify on Tab', () => {
  it('offers its flags, its modes, and files where a flag takes one', () => {
    expect(complete(['verify', '--pro'])).toEqual(['--profile', '--profile-out']);
    expect(complete(['verify', '--mode', ''])).toEqual(['safe', 'sandbox']);
    expect(complete(['verify', '--only', 'clientes.puntos.a'])).toEqual(['clientes.puntos.add']);
    for (const flag of ['--report', '--json', '--junit', '--profile', '--profile-out', '--api-key-file'])
      expect(complete(['verify', flag, ''])).toEqual([FILES]);
  });
});

/** A port nothing listens on: one the system gave, then closed. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
