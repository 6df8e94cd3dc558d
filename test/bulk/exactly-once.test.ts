/**
 * A nightly accrual through `client.bulk` against the in-process reference server: every
 * movement applied exactly once, whether the job runs through, runs again, is stopped half-way
 * and started again, loses checkpoint records in a crash, or meets injected faults.
 */
import { LoyaltyAbortError } from 'loyalty-sdk';
import { type Checkpoint, createFileCheckpoint } from 'loyalty-sdk/bulk';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/async.js';
import {
  accrue,
  byId,
  expectAppliedOnce,
  type Ledger,
  type Movement,
  openLedger,
  planMovements,
  scratchDirectory,
} from './accrual-job.js';

const MOVEMENTS = 1_000;
const CUSTOMERS = 100;
const file = scratchDirectory();

/** Runs the accrual until `stopAfter` items have an outcome, then aborts it. */
async function runUntil(
  ledger: Ledger,
  movements: Movement[],
  jobId: string,
  path: string,
  stopAfter: number,
) {
  const controller = new AbortController();
  let outcomes = 0;
  const error = await rejectionOf(
    ledger.client.bulk(movements, accrue(ledger.client), {
      ...byId,
      jobId,
      concurrency: 8,
      checkpoint: createFileCheckpoint(path),
      signal: controller.signal,
      onItem: () => {
        outcomes += 1;
        if (outcomes === stopAfter) controller.abort();
      },
    }),
  );
  return { error, outcomes };
}

describe('a job of 1,000 point movements over 100 customers, 8 at a time', () => {
  it('applies every movement exactly once: exact balances, one audit entry each', async () => {
    const ledger = await openLedger(CUSTOMERS);
    const movements = planMovements(MOVEMENTS, ledger.uids);

    const summary = await ledger.client.bulk(movements, accrue(ledger.client), {
      ...byId,
      jobId: 'accrual-2026-11-22',
      concurrency: 8,
      checkpoint: createFileCheckpoint(file('full.ckpt')),
    });

    expect(summary).toMatchObject({
      total: MOVEMENTS,
      succeeded: MOVEMENTS,
      skipped: 0,
      failed: 0,
      failures: [],
    });
    expectAppliedOnce(ledger, movements);
  });

  it('run again with the same jobId and checkpoint, skips every item and changes nothing', async () => {
    const ledger = await openLedger(CUSTOMERS);
    const movements = planMovements(MOVEMENTS, ledger.uids);
    const options = { ...byId, jobId: 'accrual-rerun', concurrency: 8 };
    await ledger.client.bulk(movements, accrue(ledger.client), {
      ...options,
      checkpoint: createFileCheckpoint(file('rerun.ckpt')),
    });
    let sent = 0;

    const again = await ledger.client.bulk(
      movements,
      (movement, call) => {
        sent += 1;
        return accrue(ledger.client)(movement, call);
      },
      { ...options, checkpoint: createFileCheckpoint(file('rerun.ckpt')) },
    );

    expect(again).toMatchObject({ total: MOVEMENTS, succeeded: 0, skipped: MOVEMENTS, failed: 0 });
    expect(sent).toBe(0);
    expectAppliedOnce(ledger, movements);
  });

  it('stopped half-way by its signal, rejects with LoyaltyAbortError; started again, applies each movement once', async () => {
    const ledger = await openLedger(CUSTOMERS);
    const movements = planMovements(MOVEMENTS, ledger.uids);
    const path = file('abort.ckpt');

    const first = await runUntil(ledger, movements, 'accrual-abort', path, MOVEMENTS / 2);
    expect(first.error).toBeInstanceOf(LoyaltyAbortError);
    expect((first.error as Error).message).toMatch(/^Bulk job "accrual-abort" aborted: \d+ succeeded/);
    expect(first.outcomes).toBeLessThan(MOVEMENTS);
    const resumed = await ledger.client.bulk(movements, accrue(ledger.client), {
      ...byId,
      jobId: 'accrual-abort',
      checkpoint: createFileCheckpoint(path),
    });

    expect(resumed.skipped).toBeGreaterThanOrEqual(MOVEMENTS / 2);
    expect(resumed).toMatchObject({ total: MOVEMENTS, succeeded: MOVEMENTS - resumed.skipped, failed: 0 });
    expectAppliedOnce(ledger, movements);
  });

  it('records lost in a crash: their items are sent again with the same keys and replayed, not applied twice', async () => {
    const ledger = await openLedger(CUSTOMERS);
    const movements = planMovements(MOVEMENTS, ledger.uids);
    const inner = createFileCheckpoint(file('lossy.ckpt'));
    let marks = 0;
    // Every third record never reaches the file, as after a crash between the answer and the write.
    const lossy: Checkpoint = {
      isDone: (entry) => inner.isDone(entry),
      markDone: (entry) => (++marks % 3 === 0 ? undefined : inner.markDone(entry)),
      close: () => inner.close(),
    };
    await ledger.client.bulk(movements, accrue(ledger.client), {
      ...byId,
      jobId: 'accrual-lossy',
      checkpoint: lossy,
    });
    const keysSent: string[] = [];

    const again = await ledger.client.bulk(
      movements,
      (movement, call) => {
        keysSent.push(call.idempotencyKey);
        return accrue(ledger.client)(movement, call);
      },
      { ...byId, jobId: 'accrual-lossy', checkpoint: createFileCheckpoint(file('lossy.ckpt')) },
    );

    const lost = Math.floor(MOVEMENTS / 3);
    expect(again).toMatchObject({ succeeded: lost, skipped: MOVEMENTS - lost, failed: 0 });
    expect(new Set(keysSent).size).toBe(lost);
    expectAppliedOnce(ledger, movements);
  });
});

describe('under injected faults (10% answers lost after the commit, 5% server errors)', () => {
  const faults = { seed: 20_261_122, rates: { dropAfterCommit: 0.1, serverError: 0.05 } };

  it('stopped half-way and started again, applies each movement exactly once: the derived keys make replays safe', async () => {
    // Backoffs of a few milliseconds: what is tested is that each movement lands once, not the wait.
    const client = { maxRetries: 20, retryBaseDelayMs: 1, retryMaxDelayMs: 10 };
    const ledger = await openLedger(CUSTOMERS, { faults, client });
    const movements = planMovements(MOVEMENTS, ledger.uids, 1_122);
    const path = file('faults.ckpt');

    const first = await runUntil(ledger, movements, 'accrual-faults', path, MOVEMENTS / 2);
    expect(first.error).toBeInstanceOf(LoyaltyAbortError);
    const resumed = await ledger.client.bulk(movements, accrue(ledger.client), {
      ...byId,
      jobId: 'accrual-faults',
      concurrency: 32,
      checkpoint: createFileCheckpoint(path),
    });

    expect(resumed).toMatchObject({ total: MOVEMENTS, failed: 0 });
    const report = ledger.admin.faults();
    expect(report?.injected.dropAfterCommit).toBeGreaterThan(50);
    expect(report?.injected.serverError).toBeGreaterThan(20);
    expectAppliedOnce(ledger, movements);
  }, 60_000);
});
