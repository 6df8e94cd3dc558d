/**
 * A fleet of `loyalty bulk` workers as a Kubernetes Indexed Job runs them (docs/bulk-jobs.md,
 * "A fleet of CLI workers"): the same command and file, each process with its own
 * JOB_COMPLETION_INDEX, `--shard auto --shard-count 4 --redis URL`; one killed with SIGKILL mid-run
 * and started again with its index. Every row is applied once, and no row is sent by two workers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { identifyItem } from '../../src/bulk/item-key.js';
import { movementOf } from '../fleet/plan.mjs';
import {
  ledger,
  movementsFile,
  pointsBulk,
  scratch,
  startLoyalty,
  summaryCounts,
  until,
} from './bulk-harness.js';
import { loyalty } from './cli-harness.js';

const WORKERS = 4;
const ROWS = 240;
const CUSTOMERS = 24;
/** One key a worker, so that the request log tells which worker sent each request (masked to its last 4). */
const workerKey = (index: number) => `lk_fleet_worker_000${index}`;
const maskedKey = (index: number) => `****000${index}`;

/** The share line a worker prints: `bulk: shard I/C (0-based): this worker's share is N of the file's M rows`. */
function shareOf(stderr: string): number {
  const line = `^bulk: shard \\d+/${WORKERS} \\(0-based\\): this worker's share is (\\d+) of the file's ${ROWS} rows$`;
  const match = new RegExp(line, 'm').exec(stderr);
  expect(match, stderr).not.toBeNull();
  return Number((match as RegExpExecArray)[1]);
}

describe('loyalty bulk: a fleet of workers with --shard auto', { timeout: 120_000 }, () => {
  it('four Indexed Job workers, one killed and started again: every row applied once, none sent by two workers', async () => {
    const { server, env } = await ledger(CUSTOMERS, {
      keys: Array.from({ length: WORKERS }, (_, index) => ({ key: workerKey(index), scopes: '*' as const })),
      // Slow answers keep each worker running when one is killed.
      faults: { seed: 7, rates: {}, latencyMs: 30 },
      requestLog: { size: 10_000 },
    });
    const { file, due } = movementsFile('fleet.csv', ROWS, CUSTOMERS);
    const jobId = `fleet-${process.pid}`;
    const args = pointsBulk(
      file,
      '--job-id',
      jobId,
      '--concurrency',
      '2',
      '--shard',
      'auto',
      '--shard-count',
      String(WORKERS),
      '--redis',
      inject('redisUrl'),
    );
    const start = (index: number) =>
      startLoyalty(args, { ...env, LOYALTY_API_KEY: workerKey(index), JOB_COMPLETION_INDEX: String(index) });
    const sentBy = (index: number) =>
      server.admin
        .requests()
        .filter((entry) => entry.key === maskedKey(index) && entry.idempotency === 'new');

    const workers = Array.from({ length: WORKERS }, (_, index) => start(index));
    await until(() => sentBy(1).length >= 5);
    workers[1]?.child.kill('SIGKILL');
    const killed = await workers[1]?.exited;
    const share1 = shareOf(killed?.stderr ?? '');
    expect(sentBy(1).length).toBeLessThan(share1);

    const restarted = await start(1).exited;
    expect(restarted.code, restarted.stderr).toBe(0);
    const again = summaryCounts(restarted.stdout);
    expect(again.skipped).toBeGreaterThan(0);
    expect(again.succeeded + again.skipped).toBe(share1);
    const others = await Promise.all(
      workers.filter((_, index) => index !== 1).map((worker) => worker.exited),
    );
    for (const other of others) expect(other.code, other.stderr).toBe(0);
    expect([...others, restarted].reduce((sum, run) => sum + shareOf(run.stderr), 0)).toBe(ROWS);

    // Every row applied once: the ledger and the balances.
    expect(server.admin.audit()).toHaveLength(ROWS);
    const wrong = [...due].filter(([uid, balance]) => server.admin.customer(uid)?.puntos !== balance);
    expect(wrong).toEqual([]);

    // Each row's key went out from one worker only: the one whose shard the SDK's rule gives it.
    const shardOfKey = new Map<string, number>();
    for (let row = 0; row < ROWS; row++) {
      const { idempotencyKey, bucket } = await identifyItem(jobId, movementOf(row, CUSTOMERS).id);
      shardOfKey.set(idempotencyKey, bucket % WORKERS);
    }
    const senders = new Map<string, Set<string | null>>();
    for (const entry of server.admin.requests()) {
      if (entry.idempotencyKey === null) continue;
      senders.set(entry.idempotencyKey, (senders.get(entry.idempotencyKey) ?? new Set()).add(entry.key));
    }
    expect(senders.size).toBe(ROWS);
    const strays = [...senders].filter(
      ([key, by]) => by.size !== 1 || !by.has(maskedKey(shardOfKey.get(key) ?? -1)),
    );
    expect(strays).toEqual([]);
  });
});

describe('loyalty bulk --shard: a worker counts its share', { timeout: 60_000 }, () => {
  it('each worker reports the invalid rows of its shard (a row without a key: shard 0), so the fleet counts each row once', async () => {
    const { env } = await ledger(2);
    const jobId = 'invalid-by-shard';
    const bad = Array.from({ length: 8 }, (_, index) => `bad-${index}`);
    const lines = [
      'order,uid,puntos',
      'good-0,cli_0001,5',
      ...bad.map((key) => `${key},cli_0001,0`),
      ',cli_0001,0',
    ];
    const file = join(scratch(), 'invalid-by-shard.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const expected = [0, 0];
    for (const key of bad) {
      const shard = (await identifyItem(jobId, key)).bucket % 2;
      expected[shard] = (expected[shard] ?? 0) + 1;
    }
    expected[0] = (expected[0] ?? 0) + 1;
    const invalid = [];
    for (const shard of ['0/2', '1/2']) {
      const run = await loyalty(pointsBulk(file, '--job-id', jobId, '--skip-invalid', '--shard', shard), env);
      invalid.push(summaryCounts(run.stdout).invalid);
    }
    expect(invalid).toEqual(expected);
    expect(expected.every((count) => count > 0)).toBe(true);
  });
});
