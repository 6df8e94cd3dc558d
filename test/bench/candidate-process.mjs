// @ts-check
/**
 * One client's sample of a round, in a process of its own: `node candidate-process.mjs <server
 * url> <candidate name> <warmup ms> <duration ms>` warms the client up at each concurrency, then
 * runs it `duration ms` at each, and prints the two samples as JSON on one line.
 */
import { CONCURRENCIES } from './benchmark.mjs';
import { makeCandidate } from './candidates.mjs';
import { measure } from './measure.mjs';

const [url, name, warmupMs, durationMs] = process.argv.slice(2);
if (!url || !name)
  throw new Error('usage: candidate-process.mjs <server url> <candidate> <warmup ms> <duration ms>');
const candidate = await makeCandidate(name, url);
for (const concurrency of CONCURRENCIES) {
  // Timed, not counted: every client gets the same time to reach its optimised code.
  await measure(candidate.call, { concurrency, durationMs: Number(warmupMs) });
}
/** @type {Record<string, import('./measure.mjs').Sample>} */
const samples = {};
for (const concurrency of CONCURRENCIES) {
  samples[concurrency] = await measure(candidate.call, { concurrency, durationMs: Number(durationMs) });
}
process.stdout.write(`${JSON.stringify(samples)}\n`);
process.exit(0);
