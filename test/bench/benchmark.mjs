// @ts-check
/** Runs the candidates in interleaved rounds and reduces the samples to medians. */
import { measure, median, runCalls } from './measure.mjs';

export const CONCURRENCIES = /** @type {const} */ ([1, 32]);

/**
 * @typedef {import('./candidates.mjs').Candidate} Candidate
 * @typedef {import('./measure.mjs').Sample} Sample
 * @typedef {(typeof CONCURRENCIES)[number]} Concurrency
 * @typedef {{ cpuMicrosPerCall: number, requestsPerSecond: number }} Figures
 * @typedef {{ name: string, kind: 'read' | 'write', baseline: string, at: Record<Concurrency, Figures> }} Result
 * @typedef {{ rounds: number, durationMs: number, warmupCalls: number }} Settings
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
      await runCalls(candidate.call, settings.warmupCalls, concurrency);
    }
  }
  /** @type {Map<string, Record<Concurrency, Sample[]>>} */
  const samples = new Map(candidates.map((candidate) => [candidate.name, { 1: [], 32: [] }]));
  for (let round = 1; round <= settings.rounds; round++) {
    // A B C ... A B C ...: a drift of the machine's speed hits every candidate alike.
    for (const concurrency of CONCURRENCIES) {
      for (const candidate of candidates) {
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
