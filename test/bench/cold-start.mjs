// @ts-check
/**
 * `npm run bench:start`: what an SDK ADDS to a cold start. A fresh process imports a client,
 * constructs it and completes one GET against a local fixed server; a bare script makes the same
 * call with the runtime's global `fetch` and nothing imported; each SDK's median total minus the
 * bare script's is what it adds, and loyalty-sdk's addition over openai-node's is the figure
 * (target <= 0.80). On Node 20 (this Node), 22, 24, Bun and Deno (a fresh process each run) and on
 * workerd with and without nodejs_compat (a fresh workerd each run), plus the size of a Workers
 * bundle that makes one call (target: loyalty-sdk / openai-node gzipped <= 0.75).
 *
 * Everything runs from projects outside this repository, where the packed tarball is installed
 * (cold-start-projects.mjs), so every runtime loads dist/ as an integrator does. Each round runs
 * every client once, the order rotating (round r starts with client r mod n), after one unmeasured
 * run of each. Exits 0 whatever the figures (a benchmark, not a test).
 *
 *   COLD_START_RUNS=15   measured runs of each client (at least 10)
 *   BENCH_AGAINST=<rev>  also measures the package as <rev> built it, in the same rounds
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../support/free-port.mjs';
import { ensureRuntimes, versionOf } from '../support/runtime-cache.mjs';
import { againstProject, benchProject, SCRIPTS } from './cold-start-projects.mjs';
import { bundleWorker, probeNodeApis, WORKERS, workerdColdStart } from './cold-start-workers.mjs';
import { median } from './measure.mjs';
import { describeMachine } from './report.mjs';
import { startFixedServer } from './server-process.mjs';

const requestedRuns = Number(process.env.COLD_START_RUNS ?? 15);
const RUNS = Number.isFinite(requestedRuns) ? Math.max(10, Math.round(requestedRuns)) : 15;
const AGAINST = process.env.BENCH_AGAINST;
const START_TARGET = 0.8;
const BUNDLE_TARGET = 0.75;
const OURS = 'loyalty-sdk';
const THEIRS = 'openai-node';
const BARE = 'bare';

/**
 * @typedef {{ name: string, kind: keyof typeof SCRIPTS, project: string }} Client
 * @typedef {{ started: number, imported?: number, constructed?: number, answered: number }} Phases
 * @typedef {Phases & { wall: number }} Run
 * @typedef {{ total: number, boot?: number, import?: number, construct?: number, call?: number }} Row
 * @typedef {{ label: string, rows: Map<string, Row> }} RuntimeResult
 */

/** Nothing of this repository's npm run or of the SDK's settings reaches the children. */
function childEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' };
  for (const name of Object.keys(env)) {
    if (/^(npm_|LOYALTY_|NODE_OPTIONS$)/.test(name)) delete env[name];
  }
  return env;
}

/**
 * Wall time from spawn to the child's line, which it prints once the answer is in; the child runs
 * in its client's project.
 * @param {string[]} command the runtime and its arguments before the script
 * @param {Client} client @param {string} url
 * @returns {Promise<Run>}
 */
async function coldStart(command, client, url) {
  const [runtime = process.execPath, ...args] = command;
  const script = join(client.project, SCRIPTS[client.kind]);
  const start = performance.now();
  const child = spawn(runtime, [...args, script, url], {
    cwd: client.project,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  // 'close' comes after the child's output has been read, so a printed line is never missed.
  const closed = once(child, 'close');
  const failed = closed.then(([code]) => {
    throw new Error(`${client.name} (${script}) exited with code ${code} before answering`);
  });
  const [line] = /** @type {[string]} */ (await Promise.race([once(lines, 'line'), failed]));
  const wall = performance.now() - start;
  // The child exits right after its line; wait for that so that runs do not overlap.
  await closed;
  return { wall, .../** @type {Phases} */ (JSON.parse(line)) };
}

/**
 * One unmeasured run of each client, then RUNS rounds; round r starts with client r mod n.
 * @template T
 * @param {Client[]} clients @param {(client: Client) => Promise<T>} runOnce
 * @returns {Promise<Map<string, T[]>>}
 */
async function rotatedRuns(clients, runOnce) {
  for (const client of clients) await runOnce(client);
  /** @type {Map<string, T[]>} */
  const runs = new Map(clients.map((client) => [client.name, []]));
  for (let round = 0; round < RUNS; round++) {
    for (let i = 0; i < clients.length; i++) {
      const client = /** @type {Client} */ (clients[(round + i) % clients.length]);
      runs.get(client.name)?.push(await runOnce(client));
    }
  }
  return runs;
}

/**
 * Medians of the total and of each phase the child reported.
 * @param {Run[]} runs @returns {Row}
 */
function summarize(runs) {
  /** @param {(run: Run) => number | undefined} pick */
  const m = (pick) => {
    const values = runs.map(pick);
    return values.every((value) => value !== undefined) ? median(values) : undefined;
  };
  /** @param {number | undefined} from @param {number | undefined} to */
  const span = (from, to) => (from === undefined || to === undefined ? undefined : to - from);
  return {
    total: median(runs.map((run) => run.wall)),
    boot: m((run) => run.started),
    import: m((run) => span(run.started, run.imported)),
    construct: m((run) => span(run.imported, run.constructed)),
    // The bare script reports no import and no construction: its call starts at its first line.
    call: m((run) => run.answered - (run.constructed ?? run.started)),
  };
}

/**
 * What `name` adds to the bare script's median total, over what openai-node adds; NaN when
 * openai-node adds nothing measurable.
 * @param {Map<string, Row>} rows @param {string} name
 */
function addsRatio(rows, name) {
  const bare = rows.get(BARE)?.total ?? Number.NaN;
  const theirs = (rows.get(THEIRS)?.total ?? Number.NaN) - bare;
  const ours = (rows.get(name)?.total ?? Number.NaN) - bare;
  return theirs > 0 ? ours / theirs : Number.NaN;
}

/** @param {number | undefined} ms */
const fmt = (ms) => (ms === undefined ? '–' : `${ms.toFixed(0)} ms`);
/** @param {number} ratio */
const ratioText = (ratio) => (Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a');
/** @param {number} ratio @param {number} target */
const verdict = (ratio, target) => (Number.isFinite(ratio) && ratio <= target ? 'pass' : 'miss');
const COLUMNS = ['total', 'boot', 'import', 'construct', 'first call', 'adds'];
/** Wide enough for workerd's label without nodejs_compat, and for a BENCH_AGAINST client's name. */
const LABEL_WIDTH = 40;

/**
 * The runtime's block: each client's medians and what it adds, then each SDK's ratio.
 * @param {RuntimeResult} result @param {string[]} ours loyalty-sdk and its BENCH_AGAINST build
 */
function printRuntime({ label, rows }, ours) {
  console.log(`\n${label.padEnd(LABEL_WIDTH)}${COLUMNS.map((column) => column.padStart(11)).join('')}`);
  const bare = rows.get(BARE)?.total ?? Number.NaN;
  for (const [name, row] of rows) {
    const adds = name === BARE ? '' : `${row.total >= bare ? '+' : ''}${fmt(row.total - bare)}`;
    const cells = [row.total, row.boot, row.import, row.construct, row.call].map((ms) =>
      fmt(ms).padStart(11),
    );
    console.log(`  ${name.padEnd(LABEL_WIDTH - 2)}${cells.join('')}${adds.padStart(11)}`.trimEnd());
  }
  for (const name of ours) {
    const ratio = addsRatio(rows, name);
    const met = verdict(ratio, START_TARGET) === 'pass' ? 'met' : 'NOT met';
    console.log(
      `  ${name} adds / ${THEIRS} adds: ${ratioText(ratio)}  (target <= ${START_TARGET.toFixed(2)}: ${met})`,
    );
  }
}

/**
 * @param {string[]} command @param {Client[]} clients @param {string} url
 * @returns {Promise<Map<string, Row>>}
 */
async function processRows(command, clients, url) {
  const runs = await rotatedRuns(clients, (client) => coldStart(command, client, url));
  return new Map([...runs].map(([name, list]) => [name, summarize(list)]));
}

/**
 * workerd, with or without nodejs_compat: first the probe (it must match the configuration, or
 * the row would not measure what its label says), then the cold starts of the bundled workers.
 * @param {{ workerd: string, nodejsCompat: boolean, work: string, url: string }} options
 * @param {Client[]} clients @param {Map<string, { folder: string }>} bundles
 * @returns {Promise<Map<string, Row>>}
 */
async function workerdRows({ workerd, nodejsCompat, work, url }, clients, bundles) {
  const port = await freePort();
  const seen = await probeNodeApis({ workerd, port, nodejsCompat, work });
  const expected = nodejsCompat ? 'function' : 'undefined';
  console.log(
    `\nworkerd ${nodejsCompat ? 'with' : 'without'} nodejs_compat: typeof process.getBuiltinModule is ${seen} (expected ${expected})`,
  );
  if (seen !== expected)
    throw new Error(`workerd's configuration is wrong: Node's APIs ${seen}, expected ${expected}`);
  const runs = await rotatedRuns(clients, (client) =>
    workerdColdStart({
      workerd,
      folder: bundles.get(client.name)?.folder ?? '',
      port,
      server: url,
      nodejsCompat,
    }),
  );
  return new Map([...runs].map(([name, walls]) => [name, { total: median(walls) }]));
}

/** @param {number} bytes */
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * @param {Map<string, { minified: number, gzipped: number }>} bundles @param {string[]} ours
 * @returns {Map<string, number>} each SDK's gzipped size over openai-node's
 */
function printBundles(bundles, ours) {
  console.log(
    '\nWorkers bundle of a worker that makes one call (esbuild as wrangler bundles: minified, neutral platform, the Workers conditions):',
  );
  console.log(`  ${'client'.padEnd(LABEL_WIDTH - 2)}${'minified'.padStart(12)}${'gzipped'.padStart(12)}`);
  for (const [name, bundle] of bundles) {
    const sizes = `${kib(bundle.minified).padStart(12)}${kib(bundle.gzipped).padStart(12)}`;
    console.log(`  ${name.padEnd(LABEL_WIDTH - 2)}${sizes}`);
  }
  const theirs = bundles.get(THEIRS)?.gzipped ?? Number.NaN;
  /** @type {Map<string, number>} */
  const ratios = new Map();
  for (const name of ours) {
    const ratio = (bundles.get(name)?.gzipped ?? Number.NaN) / theirs;
    ratios.set(name, ratio);
    const met = verdict(ratio, BUNDLE_TARGET) === 'pass' ? 'met' : 'NOT met';
    console.log(
      `  ${name} / ${THEIRS}, gzipped: ${ratioText(ratio)}  (target <= ${BUNDLE_TARGET.toFixed(2)}: ${met})`,
    );
  }
  return ratios;
}

/**
 * @param {RuntimeResult[]} results @param {Map<string, number>} bundleRatios @param {string[]} ours
 */
function printSummary(results, bundleRatios, ours) {
  console.log(
    `\nSummary: ${OURS} adds / ${THEIRS} adds to a bare fetch's cold start (medians of ${RUNS} rounds; target <= ${START_TARGET.toFixed(2)})`,
  );
  const cell = (/** @type {number} */ ratio, /** @type {number} */ target) =>
    `${ratioText(ratio)} ${verdict(ratio, target)}`.padEnd(24);
  const line = (/** @type {string} */ label, /** @type {string[]} */ cells) =>
    console.log(`  ${label.padEnd(LABEL_WIDTH)}${cells.join('')}`.trimEnd());
  line(
    'runtime',
    ours.map((name) => name.padEnd(24)),
  );
  for (const { label, rows } of results) {
    line(
      label,
      ours.map((name) => cell(addsRatio(rows, name), START_TARGET)),
    );
  }
  line(
    `Workers bundle, gzipped (<= ${BUNDLE_TARGET.toFixed(2)})`,
    ours.map((name) => cell(bundleRatios.get(name) ?? Number.NaN, BUNDLE_TARGET)),
  );
  console.log(
    "\ntotal = spawn to the answer, seen from the parent; the phases are the child's own clock (boot: until its first line ran);",
  );
  console.log(
    "on workerd, total = spawn of workerd to the worker's answer (its one call included); adds = total - bare's total",
  );
}

const paths = ensureRuntimes();
const PROCESS_RUNTIMES = [
  { label: `Node ${process.versions.node}`, command: [process.execPath] },
  { label: `Node ${versionOf(paths.node22).slice(1)}`, command: [paths.node22] },
  { label: `Node ${versionOf(paths.node24).slice(1)}`, command: [paths.node24] },
  { label: `Bun ${versionOf(paths.bun)}`, command: [paths.bun] },
  {
    label: `Deno ${versionOf(paths.deno).split(' ')[1]}`,
    command: [paths.deno, 'run', '--allow-all', '--quiet'],
  },
];
const workerdLabel = `workerd ${versionOf(paths.workerd).split(' ')[1]}`;

const work = await mkdtemp(join(tmpdir(), 'loyalty-bench-start-'));
const server = await startFixedServer();
/** @type {Awaited<ReturnType<typeof againstProject>> | undefined} */
let against;
try {
  const project = await benchProject(join(work, 'current'));
  against = AGAINST ? await againstProject(AGAINST, join(work, 'against')) : undefined;
  /** @type {Client[]} */
  const clients = [
    { name: BARE, kind: 'bare', project },
    { name: THEIRS, kind: 'openai', project },
    { name: OURS, kind: 'sdk', project },
  ];
  if (against) clients.push({ name: `${OURS}@${against.short}`, kind: 'sdk', project: against.project });
  const ours = clients.filter((client) => client.kind === 'sdk').map((client) => client.name);

  const machine = describeMachine();
  console.log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverage}`);
  console.log(
    `cold start: spawn -> import -> construct -> first answer; ${RUNS} rounds of ${clients.map((c) => c.name).join(', ')}, the order rotating each round`,
  );
  console.log(`${OURS}: this tree's build, packed and installed outside the repository, in ${project}`);
  if (against) {
    console.log(
      `${OURS}@${against.short}: BENCH_AGAINST=${AGAINST}, built in a git worktree, packed, installed in ${against.project}`,
    );
  }

  /** @type {RuntimeResult[]} */
  const results = [];
  for (const runtime of PROCESS_RUNTIMES) {
    const result = { label: runtime.label, rows: await processRows(runtime.command, clients, server.url) };
    printRuntime(result, ours);
    results.push(result);
  }

  /** @type {Map<string, import('./cold-start-workers.mjs').Bundle>} */
  const bundles = new Map();
  for (const client of clients) {
    const folder = join(work, 'workers', client.name);
    bundles.set(
      client.name,
      await bundleWorker({ source: WORKERS[client.kind], project: client.project, folder }),
    );
  }
  for (const nodejsCompat of [false, true]) {
    const options = { workerd: paths.workerd, nodejsCompat, work, url: server.url };
    const result = {
      label: `${workerdLabel}${nodejsCompat ? ' nodejs_compat' : ' (no nodejs_compat)'}`,
      rows: await workerdRows(options, clients, bundles),
    };
    printRuntime(result, ours);
    results.push(result);
  }

  const bundleRatios = printBundles(bundles, ours);
  printSummary(results, bundleRatios, ours);
} finally {
  await against?.remove();
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
