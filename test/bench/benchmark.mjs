// @ts-check
/** Runs the candidates in interleaved rounds and reduces the samples to medians. */
import { measure, median } from './measure.mjs';

export const CONCURRENCIES = /** @type {const} */ ([1, 32]);

/**
 * @typedef {import('./candidates.mjs').Candidate} Candidate
 * @typedef {import('./measure.mjs').Sample} Sample
 * @typedef {(typeof CONCURRENCIES)[number]} Concurrency
 * @typedef {{ cpuMicrosPerCall: number, requestsPerSecond: number }} Figures
 * @typedef {{ name: string, kind: 'read' | 'write', baseline: string, at: Record<Concurrency, Figures> }} Result
 * @typedef {{ rounds: number, durationMs: number, warmupMs: number }} Settings
 */

/**
 * @param {readonly Candidate[]} candidates
 * @param {Settings} settings
 * @param {(round: number) => void} [onRound]
 * @returns {Promise<Result[]>}
 */
export async function benchmark(candidates, settings, onRound) {
  for (const candidate of candidates) {
    for (const concurrency of CONCURRENCIES) {
      // Timed, not counted: every client gets the same time to reach its optimised code.
      await measure(candidate.call, { concurrency, durationMs: settings.warmupMs });
    }
  }
  /** @type {Map<string, Record<Concurrency, Sample[]>>} */
  const samples = new Map(candidates.map((candidate) => [candidate.name, { 1: [], 32: [] }]));
  for (let round = 1; round <= settings.rounds; round++) {
    // A B C, then B C A, then C A B ...: a drift of the machine's speed hits every candidate
    // alike, and no candidate always runs right after the same one.
    const order = rotate(candidates, round - 1);
    for (const concurrency of CONCURRENCIES) {
      for (const candidate of order) {
        const sample = await measure(candidate.call, { concurrency, durationMs: settings.durationMs });
        samples.get(candidate.name)?.[concurrency].push(sample);
      }
    }
    onRound?.(round);
  }
  return candidates.map(({ name, kind, baseline }) => {
    const byConcurrency = /** @type {Record<Concurrency, Sample[]>} */ (samples.get(name));
    return {
      name,
      kind,
      baseline,
      at: { 1: summarize(byConcurrency[1]), 32: summarize(byConcurrency[32]) },
    };
  });
}

/**
 * @template T
 * @param {readonly T[]} items
 * @param {number} by
 * @returns {T[]}
 */
function rotate(items, by) {
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/**
 * Medians over rounds of each round's figures.
 * @param {readonly Sample[]} rounds
 * @returns {Figures}
 */
function summarize(rounds) {
  return {
    cpuMicrosPerCall: median(rounds.map((sample) => sample.cpuMicros / sample.calls)),
    requestsPerSecond: median(rounds.map((sample) => sample.calls / (sample.wallMs / 1000))),
  };
}
