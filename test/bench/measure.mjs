// @ts-check
/** Timing of a client: calls completed, wall time and the CPU time of this process. */
import { performance } from 'node:perf_hooks';

/**
 * @typedef {object} Sample
 * @property {number} calls
 * @property {number} wallMs
 * @property {number} cpuMicros user + system CPU of the whole process
 */

/**
 * Runs `call` from `concurrency` loops until `durationMs` has passed (each loop finishes the call
 * it is in).
 * @param {() => Promise<unknown>} call
 * @param {{ concurrency: number, durationMs: number }} options
 * @returns {Promise<Sample>}
 */
export async function measure(call, { concurrency, durationMs }) {
  // No forced collection before a sample: after a full gc() the next 300 ms cost about 40% more
  // CPU per call (measured on the SDK read), charging the collection to whichever client ran next.
  let calls = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + durationMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      await call();
      calls++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { calls, wallMs, cpuMicros: cpu.user + cpu.system };
}

/**
 * Makes exactly `count` calls from `concurrency` loops.
 * @param {() => Promise<unknown>} call
 * @param {number} count
 * @param {number} concurrency
 */
export async function runCalls(call, count, concurrency) {
  let started = 0;
  const loop = async () => {
    while (started < count) {
      started++;
      await call();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, loop));
}

/** @param {readonly number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? /** @type {number} */ (sorted[middle])
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
