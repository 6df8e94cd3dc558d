// @ts-check
/**
 * `npm run bench`: the clients side by side against a fixed server in another process, then the
 * heap check; prints the results and writes docs/benchmarks.md and docs/benchmarks.svg.
 * Run with `node --expose-gc`. BENCH_ROUNDS, BENCH_MS and BENCH_WARMUP_MS shorten or lengthen the run.
 * BENCH_AGAINST=<commit> builds that commit in a git worktree and adds its SDK's candidates to the
 * same rounds, its targets and telemetry beside this tree's; such a run leaves the docs as they are.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { againstTree } from './against-build.mjs';
import { benchmarkInOwnProcesses } from './benchmark.mjs';
import {
  againstCandidates,
  CANDIDATES,
  makeCandidate,
  SDK_READ,
  SDK_WRITE,
  sdkNames,
} from './candidates.mjs';
import { writeChart } from './chart.mjs';
import { checkHeap } from './heap-check.mjs';
import { describeMachine, formatHeap, formatTable, formatTargets, writeMarkdown } from './report.mjs';
import { startFixedServer } from './server-process.mjs';
import { checkTargets } from './targets.mjs';
import { formatTelemetryRows, measureTelemetryCost } from './telemetry-cost.mjs';

if (!globalThis.gc) throw new Error('run the benchmark with node --expose-gc (the heap check needs it)');

const settings = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 15),
  durationMs: Number(process.env.BENCH_MS ?? 300),
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 600),
};
const docs = (/** @type {string} */ name) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));

// In its own process: openapi-typescript loads the TypeScript compiler, whose tens of megabytes of
// heap would otherwise slow this process's garbage collections during the measurements.
execFileSync(process.execPath, [fileURLToPath(new URL('./openapi-types.mjs', import.meta.url))], {
  stdio: 'inherit',
});
const machine = describeMachine();
console.log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverage}`);
console.log(`${settings.rounds} rounds x ${settings.durationMs} ms per client and concurrency\n`);

/**
 * BENCH_AGAINST: the commit built, its entry file and short hash set for the candidates' processes
 * (`againstCandidates`).
 * @param {string} commit
 */
async function buildAgainst(commit) {
  const built = await againstTree(commit);
  process.env.BENCH_AGAINST_ENTRY = join(built.tree, 'dist', 'index.js');
  process.env.BENCH_AGAINST_COMMIT = built.short;
  return built;
}

const AGAINST = process.env.BENCH_AGAINST;
const against = AGAINST ? await buildAgainst(AGAINST) : undefined;
const server = await startFixedServer();
try {
  const results = await benchmarkInOwnProcesses(
    [...CANDIDATES, ...againstCandidates()],
    server.url,
    settings,
    (round) => process.stdout.write(`round ${round}/${settings.rounds} done\n`),
  );
  const targets = checkTargets(results);
  console.log(`\n${formatTable(results)}\n\nTargets (ratios from this run):\n${formatTargets(targets)}\n`);
  if (against) {
    const before = checkTargets(results, sdkNames(`@${against.short}`));
    console.log(
      `Targets of loyalty-sdk@${against.short} (BENCH_AGAINST, the same rounds):\n${formatTargets(before)}\n`,
    );
  }

  const sdkRead = await makeCandidate(SDK_READ, server.url);
  const sdkWrite = await makeCandidate(SDK_WRITE, server.url);
  let calls = 0;
  const heap = await checkHeap(() => (calls++ % 2 ? sdkWrite.call() : sdkRead.call()));
  console.log(formatHeap(heap));

  const telemetry = await measureTelemetryCost(server.url);
  console.log(`\n${formatTelemetryRows(telemetry)}`);
  if (against) {
    const before = await measureTelemetryCost(server.url, against.tree);
    console.log(`\nloyalty-sdk@${against.short} (BENCH_AGAINST):\n${formatTelemetryRows(before)}`);
    console.log('\nBENCH_AGAINST: docs/benchmarks.md and docs/benchmarks.svg left as they are');
  } else {
    await writeChart(docs('benchmarks.svg'), results);
    await writeMarkdown(docs('benchmarks.md'), {
      results,
      targets,
      heap,
      telemetry,
      machine,
      settings,
      chartFile: 'benchmarks.svg',
    });
    console.log('\nwrote docs/benchmarks.md and docs/benchmarks.svg');
  }
  const telemetryMissed = telemetry.some((row) => row.target !== undefined && row.ratio > row.target);
  if (!heap.pass || telemetryMissed) process.exitCode = 1;
} finally {
  await server.stop();
  await against?.remove();
}
