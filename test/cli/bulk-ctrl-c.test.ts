/**
 * Ctrl+C during `loyalty bulk` (docs/cli.md, "Bulk"): the first lets the calls in flight end and
 * starts no new row; the second aborts the calls in flight, which the stop summary counts apart
 * from the failed rows.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ledger,
  movementsFile,
  pointsBulk,
  printedOnStderr,
  scratch,
  startLoyalty,
  stopSummary,
  until,
} from './bulk-harness.js';

const ROWS = 200;
const CUSTOMERS = 20;

async function startRun(name: string, latencyMs: number) {
  const served = await ledger(CUSTOMERS, { faults: { seed: 5, rates: {}, latencyMs } });
  const { file } = movementsFile(`${name}.csv`, ROWS, CUSTOMERS);
  const failures = join(scratch(), `${name}-failed.csv`);
  const running = startLoyalty(
    pointsBulk(
      file,
      '--concurrency',
      '4',
      '--failures',
      failures,
      '--checkpoint',
      join(scratch(), `${name}.ckpt`),
    ),
    served.env,
  );
  return { ...served, running, failures };
}

describe('loyalty bulk: Ctrl+C', { timeout: 60_000 }, () => {
  it('the first Ctrl+C lets the calls in flight end: none is aborted or failed, and no new row starts', async () => {
    const { server, running } = await startRun('drain', 300);
    await until(() => server.admin.audit().length >= 8);
    running.child.kill('SIGINT');
    const stopped = await running.exited;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain(
      'no new row is sent; the calls in flight end (Ctrl+C again aborts them)',
    );
    const counts = stopSummary(stopped.stderr);
    expect(counts).toMatchObject({ failed: 0, aborted: 0, skipped: 0, invalid: 0 });
    expect(counts.succeeded).toBe(server.admin.audit().length);
    expect(counts.notSent).toBe(ROWS - counts.succeeded);
    expect(stopped.stderr).toMatch(/^bulk: resume with: loyalty bulk /m);
  });

  it('a second Ctrl+C aborts the calls in flight: counted as aborted, not failed, and kept out of the failures file', async () => {
    const { server, running, failures } = await startRun('abort', 2_000);
    // Four calls in flight, each answered in 2 s.
    await until(() => (server.admin.faults()?.requests ?? 0) >= 4);
    running.child.kill('SIGINT');
    // The second Ctrl+C once the first was taken.
    await printedOnStderr(running, 'no new row is sent');
    running.child.kill('SIGINT');
    const stopped = await running.exited;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('bulk: Ctrl+C again: aborting the calls in flight');
    expect(stopSummary(stopped.stderr)).toEqual({
      succeeded: 0,
      skipped: 0,
      failed: 0,
      invalid: 0,
      aborted: 4,
      notSent: ROWS - 4,
    });
    expect(stopped.stderr).toContain('the aborted calls may have been applied');
    expect(existsSync(failures)).toBe(false);
  });
});
