// @ts-check
/** Whether many calls in one process leave memory behind: heap after 1,000 calls against after all. */
import { runCalls } from './measure.mjs';

/**
 * @typedef {{ calls: number, firstCalls: number, concurrency: number, heapAfterFirst: number, heapAfterAll: number, growth: number, limit: number, pass: boolean }} HeapCheck
 */

function heapAfterFullCollection() {
  if (!globalThis.gc) throw new Error('the heap check needs node --expose-gc');
  // A second pass collects what the first only finalized.
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/**
 * @param {() => Promise<unknown>} call
 * @param {{ firstCalls?: number, calls?: number, concurrency?: number, limit?: number }} [options]
 * @returns {Promise<HeapCheck>}
 */
export async function checkHeap(
  call,
  { firstCalls = 1_000, calls = 20_000, concurrency = 32, limit = 0.1 } = {},
) {
  await runCalls(call, firstCalls, concurrency);
  const heapAfterFirst = heapAfterFullCollection();
  await runCalls(call, calls - firstCalls, concurrency);
  const heapAfterAll = heapAfterFullCollection();
  const growth = (heapAfterAll - heapAfterFirst) / heapAfterFirst;
  return {
    calls,
    firstCalls,
    concurrency,
    heapAfterFirst,
    heapAfterAll,
    growth,
    limit,
    pass: growth <= limit,
  };
}
