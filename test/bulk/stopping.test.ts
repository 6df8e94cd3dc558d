/**
 * How a job stops before its end: by its signal (cleanly: no new item, the calls in flight
 * aborted, then LoyaltyAbortError), or by an error of its source, its checkpoint or a callback
 * (the job rejects with that error once the items in flight have settled).
 */
import { LoyaltyAbortError } from 'loyalty-sdk';
import { type Checkpoint, createFileCheckpoint } from 'loyalty-sdk/bulk';
import { describe, expect, it } from 'vitest';
import { aTurn, rejectionOf } from '../support/async.js';
import { openLedger, scratchDirectory } from './accrual-job.js';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);
const asKey = { itemKey: (n: number) => n };
const file = scratchDirectory();

/** Resolves when `signal` aborts (at once if it has). */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

describe('the signal', () => {
  it('starts no item after the abort, aborts the calls in flight through call.signal, then rejects with LoyaltyAbortError', async () => {
    const { client } = await openLedger(0);
    const controller = new AbortController();
    const started: number[] = [];
    const sawAbort: number[] = [];

    const error = await rejectionOf(
      client.bulk(
        numbers(100),
        async (n, call) => {
          started.push(n);
          if (n < 6) return;
          // 6, 7, 8 and 9 are in flight when 9 stops the job.
          if (n === 9) controller.abort(new Error('operator stop'));
          await aborted(call.signal);
          sawAbort.push(n);
          throw new LoyaltyAbortError('aborted');
        },
        { jobId: 'abort', ...asKey, concurrency: 4, signal: controller.signal },
      ),
    );

    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect((error as Error).message).toBe(
      'Bulk job "abort" aborted: 6 succeeded, 0 skipped, 4 failed so far. Start it again with the ' +
        'same jobId and checkpoint: the items not finished are sent again with the same keys.',
    );
    expect((error as Error).cause).toEqual(new Error('operator stop'));
    expect(started.sort((a, b) => a - b)).toEqual(numbers(10));
    expect(sawAbort.sort((a, b) => a - b)).toEqual([6, 7, 8, 9]);
  });

  it('already aborted: reads no item and rejects with LoyaltyAbortError', async () => {
    const { client } = await openLedger(0);
    let read = 0;
    function* items() {
      read += 1;
      yield 1;
    }
    const error = await rejectionOf(
      client.bulk(items(), async () => {}, { jobId: 'pre-aborted', ...asKey, signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect(read).toBe(0);
  });

  it('gives the last progress report and closes the checkpoint before rejecting', async () => {
    const { client } = await openLedger(0);
    const controller = new AbortController();
    let last: unknown;
    let closed = false;
    const inner = createFileCheckpoint(file('abort-close.ckpt'));
    const checkpoint: Checkpoint = {
      isDone: (entry) => inner.isDone(entry),
      markDone: (entry) => inner.markDone(entry),
      close: async () => {
        await inner.close();
        closed = true;
      },
    };

    await rejectionOf(
      client.bulk(
        numbers(50),
        async (n) => {
          if (n === 20) controller.abort();
        },
        {
          jobId: 'abort-report',
          ...asKey,
          concurrency: 1,
          checkpoint,
          signal: controller.signal,
          onProgress: (progress) => {
            last = progress;
          },
        },
      ),
    );

    expect(last).toMatchObject({ done: 21, succeeded: 21, total: 50 });
    expect(closed).toBe(true);
  });
});

describe('an error outside the items halts the job', () => {
  it('a source that throws: the job rejects with its error after the items in flight settle', async () => {
    const { client } = await openLedger(0);
    const finished: number[] = [];
    function* items() {
      yield* numbers(5);
      throw new Error('line 6 of orders.csv is not CSV');
    }
    const error = await rejectionOf(
      client.bulk(
        items(),
        async (n) => {
          await aTurn();
          finished.push(n);
        },
        { jobId: 'bad-source', ...asKey },
      ),
    );
    expect(error).toEqual(new Error('line 6 of orders.csv is not CSV'));
    expect(finished.sort()).toEqual(numbers(5));
  });

  it('an onItem that throws: no item starts after it, and the job rejects with its error', async () => {
    const { client } = await openLedger(0);
    let started = 0;
    const error = await rejectionOf(
      client.bulk(
        numbers(100),
        async () => {
          started += 1;
        },
        {
          jobId: 'bad-callback',
          ...asKey,
          concurrency: 1,
          onItem: (event) => {
            if (event.item === 3) throw new Error('report failed');
          },
        },
      ),
    );
    expect(error).toEqual(new Error('report failed'));
    expect(started).toBe(4);
  });

  it('a checkpoint that cannot record: the item still counts as succeeded, and the job rejects with the error', async () => {
    const { client } = await openLedger(0);
    const checkpoint: Checkpoint = {
      isDone: () => false,
      markDone: () => Promise.reject(new Error('disk full')),
      close: () => {},
    };
    let succeeded = 0;
    const error = await rejectionOf(
      client.bulk(numbers(10), async () => {}, {
        jobId: 'bad-checkpoint',
        ...asKey,
        concurrency: 1,
        checkpoint,
        onItem: (event) => {
          if (event.status === 'succeeded') succeeded += 1;
        },
      }),
    );
    expect(error).toEqual(new Error('disk full'));
    expect(succeeded).toBe(1);
  });
});
