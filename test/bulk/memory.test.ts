/**
 * A job reads its items as it goes and keeps nothing per item once it is done: the heap after
 * 200,000 items from a generator is what it was before, give or take a few MB. (The RSS of
 * 1,000,000 items read from a file is measured by `npm run bench:bulk`, issue 14.)
 */
import { describe, expect, it } from 'vitest';
import { heapAfterGc } from '../support/heap-after-gc.js';
import { openLedger } from './accrual-job.js';

const ITEMS = 200_000;
const ALLOWED_GROWTH_MB = 8;

describe('memory', () => {
  it(`stays flat over ${ITEMS.toLocaleString('en')} items from a generator: heap growth under ${ALLOWED_GROWTH_MB} MB`, async () => {
    const { client } = await openLedger(0);
    function* orders(count: number) {
      for (let n = 0; n < count; n += 1)
        yield { id: `order-${n}`, uid: `cli_${n % 1_000}`, puntos: 1 + (n % 500) };
    }
    await client.bulk(orders(10_000), async () => {}, { jobId: 'warm-up', itemKey: (order) => order.id });
    const before = heapAfterGc();

    const summary = await client.bulk(orders(ITEMS), async (order) => order.puntos, {
      jobId: 'memory',
      itemKey: (order) => order.id,
      concurrency: 32,
      onItem: () => {},
      onProgress: () => {},
    });
    const after = heapAfterGc();

    if (process.env.BULK_REPORT === '1')
      console.info(
        `heap growth ${((after - before) / 2 ** 20).toFixed(2)} MB, ${summary.elapsedMs.toFixed(0)} ms`,
      );
    expect(summary).toMatchObject({ total: ITEMS, succeeded: ITEMS });
    expect((after - before) / 2 ** 20).toBeLessThan(ALLOWED_GROWTH_MB);
  }, 60_000);
});
