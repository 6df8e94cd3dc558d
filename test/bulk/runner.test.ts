/**
 * What `client.bulk` promises about a job, item by item: streaming, the concurrency bound, each
 * outcome reported and counted, a failed item never stopping the others, progress, and the
 * summary.
 */
import { ConflictError, LoyaltyValidationError } from 'loyalty-sdk';
import type { BulkItemEvent, BulkProgress } from 'loyalty-sdk/bulk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deriveIdempotencyKey } from '../../src/bulk/index.js';
import { aTurn } from '../support/async.js';
import { fakeSleep, runUntilSettled, turnsUntil, useFakeClock } from '../support/fake-clock.js';
import { accrue, byId, expectAppliedOnce, type Movement, openLedger, planMovements } from './accrual-job.js';

afterEach(() => {
  vi.useRealTimers();
});

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);
const asKey = { itemKey: (n: number) => n };

describe('concurrency and streaming', () => {
  it.each([1, 8, 32])(
    'never runs more than concurrency = %i items at once, and reaches it',
    async (concurrency) => {
      const { client } = await openLedger(0);
      let inFlight = 0;
      let most = 0;

      await client.bulk(
        numbers(200),
        async () => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await aTurn();
          inFlight -= 1;
        },
        { jobId: 'concurrency', ...asKey, concurrency },
      );

      expect(most).toBe(concurrency);
    },
  );

  it('reads an item only when a place is free: with every place taken, it has read exactly concurrency items', async () => {
    const { client } = await openLedger(0);
    let read = 0;
    function* items() {
      for (let n = 0; n < 1_000; n += 1) {
        read += 1;
        yield n;
      }
    }
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });

    const job = client.bulk(items(), () => gate, { jobId: 'streaming', ...asKey, concurrency: 5 });
    await turnsUntil(() => read >= 5);
    // Turns for a runner that would read on: it has every chance, and reads nothing more.
    for (let turn = 0; turn < 10; turn += 1) await aTurn();
    expect(read).toBe(5);
    release();
    await expect(job).resolves.toMatchObject({ total: 1_000, succeeded: 1_000 });
  });

  it('takes an AsyncIterable as well as an Iterable', async () => {
    const { client } = await openLedger(0);
    async function* items() {
      for (const n of numbers(50)) yield n;
    }
    const summary = await client.bulk(items(), async (n) => n * 2, { jobId: 'async-source', ...asKey });
    expect(summary).toMatchObject({ total: 50, succeeded: 50, failed: 0 });
  });
});

describe('each outcome', () => {
  it('goes to onItem with the item, its keys and its result or error', async () => {
    const { client } = await openLedger(0);
    const events: BulkItemEvent<number, string>[] = [];

    await client.bulk(
      [1, 2],
      async (n) => {
        if (n === 2) throw new Error('no');
        return `ok ${n}`;
      },
      { jobId: 'events', ...asKey, onItem: (event) => void events.push(event) },
    );

    expect(events).toEqual([
      {
        status: 'succeeded',
        item: 1,
        itemKey: '1',
        idempotencyKey: await deriveIdempotencyKey('events', '1'),
        result: 'ok 1',
      },
      {
        status: 'failed',
        item: 2,
        itemKey: '2',
        idempotencyKey: await deriveIdempotencyKey('events', '2'),
        error: new Error('no'),
      },
    ]);
  });

  it('a failed item never stops the others, and a LoyaltyValidationError (nothing sent) is that item’s failure', async () => {
    const ledger = await openLedger(10);
    const movements = planMovements(100, ledger.uids);
    const invalid: Movement = { id: 'mv-invalid', uid: ledger.uids[0] as string, puntos: 0 };
    const missing: Movement = { id: 'mv-missing', uid: 'no-such-customer', puntos: 5 };

    const summary = await ledger.client.bulk([invalid, ...movements, missing], accrue(ledger.client), {
      ...byId,
      jobId: 'failures',
    });

    expect(summary).toMatchObject({ total: 102, succeeded: 100, failed: 2 });
    expect(summary.failures.map(({ itemKey }) => itemKey)).toEqual(['mv-invalid', 'mv-missing']);
    expect(summary.failures[0]?.error).toBeInstanceOf(LoyaltyValidationError);
    expectAppliedOnce(ledger, movements);
  });

  it('an item whose key cannot be computed is a failure of that item, named by its place', async () => {
    const { client } = await openLedger(0);
    const summary = await client.bulk([{ id: 'a' }, { id: '' }, { id: 'c' }], async () => {}, {
      jobId: 'bad-keys',
      itemKey: (item) => item.id,
    });
    expect(summary).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    expect(summary.failures[0]).toMatchObject({ itemKey: '(item 1)', error: expect.any(TypeError) });
    expect(String(summary.failures[0]?.error)).toMatch(/itemKey must return a non-empty string/);
  });

  it('lists the first 1,000 failures and counts them all', async () => {
    const { client } = await openLedger(0);
    const summary = await client.bulk(
      numbers(1_005),
      async () => {
        throw new Error('refused');
      },
      { jobId: 'many-failures', ...asKey, concurrency: 32 },
    );
    expect(summary).toMatchObject({ total: 1_005, failed: 1_005 });
    expect(summary.failures).toHaveLength(1_000);
  });
});

describe('a repeated itemKey is the same item for the service (same Idempotency-Key)', () => {
  it('the same movement twice: the second is the first answer replayed, applied once', async () => {
    const ledger = await openLedger(1);
    const movement: Movement = { id: 'mv-twice', uid: ledger.uids[0] as string, puntos: 40 };
    const summary = await ledger.client.bulk([movement, movement], accrue(ledger.client), {
      ...byId,
      jobId: 'twice',
      concurrency: 1,
    });
    expect(summary).toMatchObject({ succeeded: 2, failed: 0 });
    expectAppliedOnce(ledger, [movement]);
  });

  it('another movement under a key already used: a ConflictError for the second, nothing applied twice', async () => {
    const ledger = await openLedger(1);
    const first: Movement = { id: 'mv-same-id', uid: ledger.uids[0] as string, puntos: 40 };
    const summary = await ledger.client.bulk([first, { ...first, puntos: 41 }], accrue(ledger.client), {
      ...byId,
      jobId: 'same-id',
      concurrency: 1,
    });
    expect(summary).toMatchObject({ succeeded: 1, failed: 1 });
    expect(summary.failures[0]?.error).toBeInstanceOf(ConflictError);
    expectAppliedOnce(ledger, [first]);
  });
});

describe('progress', () => {
  it('ends with a report of every item, the total of an array, a rate and no time left', async () => {
    const { client } = await openLedger(0);
    const reports: BulkProgress[] = [];
    await client.bulk(numbers(300), () => aTurn(), {
      jobId: 'progress',
      ...asKey,
      onProgress: (progress) => void reports.push(progress),
    });
    expect(reports.at(-1)).toMatchObject({
      done: 300,
      succeeded: 300,
      skipped: 0,
      failed: 0,
      total: 300,
      etaMs: 0,
    });
    expect(reports.at(-1)?.ratePerSecond).toBeGreaterThan(0);
  });

  it('reports at most every 250 ms, with the time left while the job runs', async () => {
    const { client } = await openLedger(0);
    const reports: BulkProgress[] = [];
    useFakeClock({ performance: true });
    // 60 items of 10 ms each, one at a time: 600 ms on the clock.
    await runUntilSettled(
      client.bulk(numbers(60), () => fakeSleep(10), {
        jobId: 'progress-cadence',
        ...asKey,
        concurrency: 1,
        onProgress: (progress) => void reports.push(progress),
      }),
    );
    const during = reports.slice(0, -1);
    expect(reports.at(-1)?.elapsedMs).toBe(600);
    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(during.length).toBeLessThanOrEqual(Math.floor(600 / 250));
    expect(during[0]?.etaMs).toBeGreaterThan(0);
  });

  it('has the total it is given when the items are a generator, and the time left from it', async () => {
    const { client } = await openLedger(0);
    const reports: BulkProgress[] = [];
    useFakeClock({ performance: true });
    await runUntilSettled(
      client.bulk(new Set(numbers(60)).values(), () => fakeSleep(10), {
        jobId: 'given-total',
        ...asKey,
        concurrency: 1,
        total: 60,
        onProgress: (progress) => void reports.push(progress),
      }),
    );
    expect(reports[0]).toMatchObject({ total: 60 });
    expect(reports[0]?.etaMs).toBeGreaterThan(0);
    expect(reports.at(-1)).toMatchObject({ done: 60, total: 60, etaMs: 0 });
  });

  it('has no total when the items are a generator', async () => {
    const { client } = await openLedger(0);
    let last: BulkProgress | undefined;
    await client.bulk(new Set(numbers(5)).values(), async () => {}, {
      jobId: 'no-total',
      ...asKey,
      onProgress: (progress) => {
        last = progress;
      },
    });
    expect(last).toMatchObject({ done: 5 });
    expect(last?.total).toBeUndefined();
    expect(last?.etaMs).toBeUndefined();
  });
});
