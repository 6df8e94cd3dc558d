// @ts-check
/** The results as a plain-text table for stdout and as docs/benchmarks.md. */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';

/**
 * @typedef {import('./benchmark.mjs').Result} Result
 * @typedef {import('./benchmark.mjs').Settings} Settings
 * @typedef {import('./targets.mjs').TargetCheck} TargetCheck
 * @typedef {import('./heap-check.mjs').HeapCheck} HeapCheck
 * @typedef {{ cpu: string, cores: number, os: string, node: string, date: string, loadAverage: string }} Machine
 */

/** @returns {Machine} */
export function describeMachine() {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.availableParallelism(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    loadAverage: os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
  };
}

const HEADINGS = [
  'Client',
  'CPU µs/call (c=1)',
  '×',
  'req/s (c=1)',
  '×',
  'req/s (c=32)',
  '×',
  'CPU µs/call (c=32)',
  '×',
];

/** @param {number} value */
const micros = (value) => value.toFixed(1);
/** @param {number} value */
const perSecond = (value) => Math.round(value).toLocaleString('en-US');
/** @param {number} value */
export const ratio = (value) => `${value.toFixed(2)}x`;

/**
 * Figures and each figure's ratio to raw undici doing the same request.
 * @param {readonly Result[]} results
 * @returns {string[][]}
 */
function rows(results) {
  return results.map((result) => {
    const baseline = results.find((candidate) => candidate.name === result.baseline) ?? result;
    const { 1: one, 32: many } = result.at;
    return [
      result.name,
      micros(one.cpuMicrosPerCall),
      ratio(one.cpuMicrosPerCall / baseline.at[1].cpuMicrosPerCall),
      perSecond(one.requestsPerSecond),
      ratio(one.requestsPerSecond / baseline.at[1].requestsPerSecond),
      perSecond(many.requestsPerSecond),
      ratio(many.requestsPerSecond / baseline.at[32].requestsPerSecond),
      micros(many.cpuMicrosPerCall),
      ratio(many.cpuMicrosPerCall / baseline.at[32].cpuMicrosPerCall),
    ];
  });
}

/**
 * @param {readonly Result[]} results
 * @returns {string}
 */
export function formatTable(results) {
  const table = [HEADINGS, ...rows(results)];
  const widths = HEADINGS.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  return table
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

/** @param {readonly TargetCheck[]} targets */
export function formatTargets(targets) {
  return targets
    .map(({ target, ratio: value, pass }) => `${pass ? 'PASS' : 'FAIL'}  ${ratio(value)}  ${target}`)
    .join('\n');
}

/** @param {number} bytes */
const megabytes = (bytes) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
/** @param {HeapCheck} heap */
const change = (heap) => `${heap.growth >= 0 ? '+' : ''}${(heap.growth * 100).toFixed(1)}%`;
/** @param {number} count */
const count = (count) => count.toLocaleString('en-US');

/** @param {HeapCheck} heap */
export function formatHeap(heap) {
  return `heap used over the first ${count(heap.batch * heap.window)} calls: ${megabytes(heap.heapAfterFirst)}; over the last ${count(heap.batch * heap.window)} of ${count(heap.calls)}: ${megabytes(heap.heapAfterAll)} (${change(heap)}, limit +${heap.limit * 100}%): ${heap.pass ? 'PASS' : 'FAIL'}`;
}

/**
 * @param {string} path
 * @param {{ results: readonly Result[], targets: readonly TargetCheck[], heap: HeapCheck, telemetry: readonly import('./telemetry-cost.mjs').TelemetryRow[], machine: Machine, settings: Settings, chartFile: string }} report
 */
export async function writeMarkdown(
  path,
  { results, targets, heap, telemetry, machine, settings, chartFile },
) {
  const markdownRow = (/** @type {readonly string[]} */ cells) => `| ${cells.join(' | ')} |`;
  const text = `# Benchmarks

Written by \`npm run bench\` (\`test/bench/run.mjs\`) on ${machine.date}.

Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.os}, Node ${machine.node} (load average ${machine.loadAverage} at the start).
The machine is shared and noisy: compare the ratios of one run, not absolute figures across runs.

## How

- A fixed-response HTTP server (\`test/bench/fixed-server.mjs\`, \`node:http\`, keep-alive) runs in its own
  process and answers every request with the same small success envelope, so its CPU is not the client's.
- Reads get one customer (\`GET /ext/v3/clientes/{uid}\`); keyed writes add points
  (\`POST /ext/v3/clientes/{uid}/puntos\` with a JSON body and a fresh \`Idempotency-Key\`). Every client reads
  and parses the JSON answer. The SDK runs its whole pipeline (option checks, zod validation, idempotency key,
  envelope decoding, retry wrapper); \`openapi-fetch\` is typed from the SDK's own OpenAPI document.
- ${settings.rounds} rounds; in each, every client runs in a process of its own, started for the round: ${settings.warmupMs} ms at
  concurrency 1 and ${settings.warmupMs} ms at 32 to warm up, then ${settings.durationMs} ms at 1 and ${settings.durationMs} ms at 32 measured. A process per
  client, as an integrator's backend runs one: in a shared process the garbage one client left was collected on the
  next one's time, and the SDK's two transports shared (and slowed) its call sites. The order rotates by one each
  round (A B C, B C A, C A B, ...), so that a drift of the machine's speed hits every client alike. No garbage
  collection is forced (one raised the next sample's CPU per call by about 40%). Figures are medians over rounds.
- CPU per call: user + system CPU time of the client process (\`process.cpuUsage()\`) over a round, divided by the
  calls it completed. req/s: calls completed over wall time.
- × is the ratio to raw \`undici.request\` doing the same request: reads to the undici read, writes to the
  undici keyed write. For CPU lower is better; for req/s higher is better.

![CPU per call and requests per second of each client](${chartFile})

${markdownRow(HEADINGS)}
${markdownRow(HEADINGS.map((_, column) => (column === 0 ? '---' : '---:')))}
${rows(results).map(markdownRow).join('\n')}

## Targets

| Target | Ratio | Result |
| --- | ---: | --- |
${targets.map(({ target, ratio: value, pass }) => markdownRow([target, ratio(value), pass ? 'pass' : '**fail**'])).join('\n')}

## Memory

${count(heap.calls)} SDK calls in one process (read and keyed write alternating, concurrency ${heap.concurrency}), after
${heap.warmupMs} ms of the same calls to warm up, in batches of ${count(heap.batch)}; heap used after a full garbage collection at the
end of each batch, the lowest of ${heap.window} batches (it rises and falls by some hundreds of KB over a few thousand calls):

- over the first ${count(heap.batch * heap.window)} calls: ${megabytes(heap.heapAfterFirst)}
- over the last ${count(heap.batch * heap.window)}: ${megabytes(heap.heapAfterAll)}
- change: ${change(heap)} (limit +${heap.limit * 100}%): ${heap.pass ? 'pass' : '**fail**'}

## Telemetry

CPU per SDK read at concurrency 1 (median of the rounds), each row in its own process against the same
SDK built without \`@opentelemetry/api\` to load (a copy of \`dist/\` where the package cannot be found),
interleaved as above (\`test/bench/telemetry-cost.mjs\`):

| Case | CPU per call | Without the API | Ratio | Target |
| --- | ---: | ---: | ---: | --- |
${telemetry.map((row) => markdownRow([row.label, `${row.cpuWith.toFixed(1)} µs`, `${row.cpuWithout.toFixed(1)} µs`, ratio(row.ratio), row.target === undefined ? '' : `<= ${row.target.toFixed(2)}x: ${row.ratio <= row.target ? 'pass' : '**fail**'}`])).join('\n')}

Cold start (a fresh process importing the SDK, constructing a client and completing one call, against
openai-node) is measured by \`npm run bench:start\`.
`;
  await writeFile(path, text + (await keptHistory(path)));
}

/**
 * The page's "History" section as written (from its heading to the end), or nothing: the figures
 * behind docs/decisions.md's rows, which no run measures again.
 * @param {string} path
 */
async function keptHistory(path) {
  const page = await readFile(path, 'utf8').catch(() => '');
  const at = page.indexOf('\n## History\n');
  return at === -1 ? '' : page.slice(at);
}
