// @ts-check
/** Runs the candidates in interleaved rounds and reduces the samples to medians. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { measure, median } from './measure.mjs';

const run = promisify(execFile);
const CANDIDATE_PROCESS = fileURLToPath(new URL('./candidate-process.mjs', import.meta.url));

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
 * A client's samples of one round, taken in a process of its own.
 * @param {string} serverUrl
 * @param {string} name
 * @param {Settings} settings
 * @returns {Promise<Record<Concurrency, Sample>>}
 */
async function sampleInOwnProcess(serverUrl, name, settings) {
  const { stdout } = await run(process.execPath, [
    CANDIDATE_PROCESS,
    serverUrl,
    name,
    String(settings.warmupMs),
    String(settings.durationMs),
  ]);
  return JSON.parse(stdout);
}

/**
 * Each round runs every client once, in an order that rotates by one each round (A B C, then
 * B C A, then C A B ...): a drift of the machine's speed hits every client alike, and no client
 * always runs right after the same one. Each client runs in a process of its own, as an
 * integrator's backend runs one: in a shared process the garbage another client left behind is
 * collected on this one's time, and the SDK's two transports share (and slow) its call sites.
 * @param {readonly Pick<Candidate, 'name' | 'kind' | 'baseline'>[]} candidates
 * @param {string} serverUrl the fixed server every client's process sends to
 * @param {Settings} settings
 * @param {(round: number) => void} [onRound]
 * @returns {Promise<Result[]>}
 */
export async function benchmarkInOwnProcesses(candidates, serverUrl, settings, onRound) {
  /** @type {Map<string, Record<Concurrency, Sample[]>>} */
  const samples = new Map(candidates.map((candidate) => [candidate.name, { 1: [], 32: [] }]));
  for (let round = 1; round <= settings.rounds; round++) {
    for (const candidate of rotate(candidates, round - 1)) {
      const sampled = await sampleInOwnProcess(serverUrl, candidate.name, settings);
      for (const concurrency of CONCURRENCIES)
        samples.get(candidate.name)?.[concurrency].push(sampled[concurrency]);
    }
    onRound?.(round);
  }
  return resultsOf(candidates, samples);
}

/**
 * The candidates in interleaved rounds in this process: for A/B copies of one client, which share
 * nothing but the process.
 * @param {readonly Candidate[]} candidates
 * @param {Settings} settings
 * @param {(round: number) => void} [onRound]
 * @returns {Promise<Result[]>}
 */
export async function benchmarkInOneProcess(candidates, settings, onRound) {
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
  return resultsOf(candidates, samples);
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
 * @param {readonly Pick<Candidate, 'name' | 'kind' | 'baseline'>[]} candidates
 * @param {Map<string, Record<Concurrency, Sample[]>>} samples each candidate's samples of every round
 * @returns {Result[]}
 */
function resultsOf(candidates, samples) {
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
