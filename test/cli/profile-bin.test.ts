/**
 * The command lines of calibration: `loyalty serve --profile FILE` (the built bin) answers
 * as the profile says, so `loyalty verify --profile FILE` against it agrees (exit 0) and writes
 * the same calibrations back, while `loyalty verify` without the profile sees each difference
 * (verify in process, but the built bin for the first run).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceProfile } from '../../src/server/internal.js';
import { serviceProfile } from '../support/service-profile.js';
import { CLI, loyalty, loyaltyProcess } from './cli-harness.js';

const KEY = 'profile_bin_key_0123456789';

const profile = serviceProfile([
  {
    kind: 'field',
    operationId: 'clientes.retrieve',
    location: 'response.200.data.segmento',
    change: 'added',
    types: ['string'],
    source: 'probe',
  },
  {
    kind: 'error-code',
    operationId: 'tareas.setStatus',
    status: 400,
    codigoRespuesta: 1001,
    source: 'probe',
  },
  {
    kind: 'header',
    operationId: 'reportes.catalogo.retrieve',
    header: 'X-Request-Id',
    present: false,
    source: 'probe',
  },
]);

const dir = mkdtempSync(join(tmpdir(), 'loyalty-profile-bin-'));
const profileFile = join(dir, 'service.profile.json');
writeFileSync(profileFile, JSON.stringify(profile));

let served: ChildProcess | undefined;
let url = '';

beforeAll(async () => {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--profile', profileFile, '--key', `${KEY}=*`],
    {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  served = child;
  let stdout = '';
  url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const listening = /listening on (http:\/\/\S+)/.exec(stdout);
      if (listening?.[1] && stdout.includes('Press Ctrl+C')) resolve(listening[1]);
    });
    child.once('exit', (code) => reject(new Error(`loyalty serve exited ${code}: ${stdout}`)));
  });
  expect(stdout).toContain('Following the profile of https://loyalty.example');
});

afterAll(() => {
  served?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const verify = (args: string[], run: typeof loyalty = loyalty) =>
  run(['verify', '--base-url', url, '--sample', 'uid=cli_0001', '--max-rps', '50', ...args], {
    LOYALTY_API_KEY: KEY,
  });

describe('loyalty serve --profile and loyalty verify --profile', () => {
  it('verify with the profile agrees with the server following it, and writes the same calibrations', async () => {
    const out = join(dir, 'again.profile.json');
    // The built bin on both sides, end to end.
    const run = await verify(['--profile', profileFile, '--profile-out', out], loyaltyProcess);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^loyalty verify: agrees/m);
    const written = JSON.parse(readFileSync(out, 'utf8')) as ServiceProfile;
    expect(written.calibrations).toEqual(profile.calibrations);
    expect(JSON.stringify(written)).not.toContain(KEY);
  });

  it('verify without the profile sees each calibrated difference (in sandbox mode: safe mode sends no write to a task)', async () => {
    const json = join(dir, 'plain.json');
    const run = await verify(['--mode', 'sandbox', '--yes', '--json', json]);
    expect(run.code, run.stderr).toBe(1);
    const { findings } = JSON.parse(readFileSync(json, 'utf8')) as {
      findings: { kind: string; operationId: string; location: string }[];
    };
    expect(
      findings.map((finding) => `${finding.kind} ${finding.operationId} ${finding.location}`).sort(),
    ).toEqual([
      'error-code tareas.setStatus response.400.codigoRespuesta',
      'field-added clientes.retrieve response.200.data.segmento',
      'header reportes.catalogo.retrieve header.X-Request-Id',
    ]);
  });

  it('a profile that is not one: loyalty verify --profile exits 2 before anything is sent', async () => {
    const bad = join(dir, 'bad.profile.json');
    writeFileSync(bad, JSON.stringify({ ...profile, version: 1 }));
    const run = await verify(['--profile', bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/profile.version 1 is not supported/);
  });
});
