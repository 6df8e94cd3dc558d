/**
 * `loyalty bulk`'s memory stays flat with its input: a row past --max-row-bytes is skipped to
 * its line break without being held, and invalid rows are counted and written out as they come,
 * none kept. The built CLI in a process of its own, its peak resident set measured
 * (test/hostile/child.ts); before, a 150 MB row took 927 MB and 50 MB of invalid rows 529 MB.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uidOf } from '../fleet/plan.mjs';
import { spawnMeasured } from '../hostile/child.js';
import { ledger, summaryCounts } from './bulk-harness.js';
import { CLI } from './cli-harness.js';

/** The most the CLI may hold at its peak, whatever the size of its input (about 90-140 MB measured). */
const PEAK_RSS_MB = 200;
const MIB = 1024 * 1024;

const folder = mkdtempSync(join(tmpdir(), 'cli-bulk-memory-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file written piece by piece, as a large export is: never whole in the test's memory either. */
function writeFile(name: string, pieces: Iterable<string | Uint8Array>): string {
  const path = join(folder, name);
  const fd = openSync(path, 'w');
  try {
    for (const piece of pieces) writeSync(fd, typeof piece === 'string' ? Buffer.from(piece) : piece);
  } finally {
    closeSync(fd);
  }
  return path;
}

/** `loyalty bulk clientes.puntos.add ...args` run by the built CLI, measured. */
async function measuredBulk(env: Record<string, string>, ...args: string[]) {
  const run = await spawnMeasured([CLI, 'bulk', 'clientes.puntos.add', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    hardTimeoutMs: 60_000,
    rssLimitMb: 1_000,
  }).ended;
  expect(run.stopped).toBeUndefined();
  return { ...run, stdout: run.stdout.head, stderr: run.stderr.head };
}

describe('loyalty bulk: memory flat with the input', { timeout: 120_000 }, () => {
  it(`a 64 MiB row is an invalid row naming its line; the others are sent, peak RSS under ${PEAK_RSS_MB} MB`, async () => {
    const { server, env } = await ledger(1);
    const megabyte = new Uint8Array(MIB).fill(0x78);
    const file = writeFile('long-row.csv', [
      `id,uid,puntos,motivo\nA-1,${uidOf(0)},5,before\nA-2,${uidOf(0)},5,`,
      ...Array.from({ length: 64 }, () => megabyte),
      `\nA-3,${uidOf(0)},7,after\n`,
    ]);
    const run = await measuredBulk(env, '--file', file, '--skip-invalid');
    expect(run.exitCode).toBe(1);
    expect(summaryCounts(run.stdout)).toEqual({ succeeded: 2, skipped: 0, failed: 0, invalid: 1 });
    expect(run.stderr).toContain(
      'bulk: row ?: line 3: the row is longer than --max-row-bytes (1048576 bytes); shorten it, or raise --max-row-bytes\n',
    );
    expect(server.admin.audit().map((entry) => entry.motivo)).toEqual(['before', 'after']);
    expect(run.peakRssMb).toBeLessThan(PEAK_RSS_MB);
  });

  it(`200 MB of invalid rows (25,000 of 8 KiB) go to the failures file as they come, peak RSS under ${PEAK_RSS_MB} MB`, async () => {
    const { env } = await ledger(1);
    const rows = 25_000;
    const motivo = 'y'.repeat(8 * 1024);
    // No `id`, the key field: each row is invalid, refused before it is sent.
    const file = writeFile(
      'invalid-rows.jsonl',
      (function* () {
        for (let index = 0; index < rows; index++)
          yield `${JSON.stringify({ uid: uidOf(0), puntos: 5, motivo: `${index} ${motivo}` })}\n`;
      })(),
    );
    const failures = join(folder, 'invalid-rows-failed.jsonl');
    const run = await measuredBulk(
      env,
      '--file',
      file,
      '--key-field',
      'id',
      '--skip-invalid',
      '--failures',
      failures,
    );
    expect(run.exitCode).toBe(1);
    expect(summaryCounts(run.stdout)).toEqual({ succeeded: 0, skipped: 0, failed: 0, invalid: rows });
    const written = readFileSync(failures, 'utf8').trimEnd().split('\n');
    expect(written).toHaveLength(rows);
    expect(JSON.parse(written.at(-1) as string)).toMatchObject({
      motivo: `${rows - 1} ${motivo}`,
      error: `line ${rows}: no id (the --key-field)`,
      outcome: 'refused',
    });
    expect(run.peakRssMb).toBeLessThan(PEAK_RSS_MB);
  });
});
