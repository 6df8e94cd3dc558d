// @ts-check
/**
 * Whether many calls in one process leave memory behind: the heap over the first calls against
 * the heap over the last ones.
 */
import { measure, runCalls } from './measure.mjs';

/**
 * @typedef {{ warmupMs: number, calls: number, batch: number, window: number, concurrency: number, heapAfterFirst: number, heapAfterAll: number, growth: number, limit: number, pass: boolean }} HeapCheck
 */

function heapAfterFullCollection() {
  if (!globalThis.gc) throw new Error('the heap check needs node --expose-gc');
  // A second pass collects what the first only finalized.
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Runs `calls` calls in batches and reads the heap after a full collection at the end of each.
 * The heap after a collection rises and falls by some hundreds of KB over a few thousand calls
 * (what the runtime and undici keep a while and then drop): the lowest reading of the first
 * `window` batches is set against the lowest of the last `window`, which is what a leak raises.
 * @param {() => Promise<unknown>} call
 * @param {{ warmupMs?: number, calls?: number, batch?: number, window?: number, concurrency?: number, limit?: number }} [options]
 * @returns {Promise<HeapCheck>}
 */
export async function checkHeap(
  call,
  { warmupMs = 2_000, calls = 50_000, batch = 1_000, window = 5, concurrency = 32, limit = 0.1 } = {},
) {
  // Untimed calls first, so that what the runtime keeps of optimising the code is not counted as left behind.
  await measure(call, { concurrency, durationMs: warmupMs });
  /** @type {number[]} */
  const readings = [];
  for (let done = 0; done < calls; done += batch) {
    await runCalls(call, batch, concurrency);
    readings.push(heapAfterFullCollection());
  }
  const heapAfterFirst = Math.min(...readings.slice(0, window));
  const heapAfterAll = Math.min(...readings.slice(-window));
  const growth = (heapAfterAll - heapAfterFirst) / heapAfterFirst;
  return {
    warmupMs,
    calls,
    batch,
    window,
    concurrency,
    heapAfterFirst,
    heapAfterAll,
    growth,
    limit,
    pass: growth <= limit,
  };
}
