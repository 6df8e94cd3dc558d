// @ts-check
/**
 * `npm run bench:start`: time for a fresh process to import the SDK, construct a client and
 * complete a first call, against openai-node doing the same, both against one local fixed server,
 * on every runtime of the matrix (Node 20, 22, 24, Bun, Deno: a fresh process each run; workerd:
 * a fresh workerd each run, with and without nodejs_compat), and the size of a Workers bundle
 * that makes one call. Runs alternate (ours, openai, ours, ...) so that drift hits both; prints
 * medians and the ratio. COLD_START_RUNS sets the runs of each (default 15, at least 10).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { installPackedTarball } from '../runtimes/packed-project.mjs';
import { freePort } from '../support/free-port.mjs';
import { ensureRuntimes, versionOf } from '../support/runtime-cache.mjs';
import { bundleWorkers, workerdColdStart } from './cold-start-workers.mjs';
import { median } from './measure.mjs';
import { describeMachine } from './report.mjs';
import { startFixedServer } from './server-process.mjs';

/** @typedef {{ started: number, imported: number, constructed: number, answered: number }} Phases */
/** @typedef {Phases & { wall: number }} Run */

const RUNS = Math.max(10, Number(process.env.COLD_START_RUNS ?? 15));
const CLIENTS = [
  { name: 'loyalty-sdk', script: 'cold-start-sdk.mjs' },
  { name: 'openai-node', script: 'cold-start-openai.mjs' },
];

/**
 * Wall time from spawn to the child's line, which it prints once the answer is in.
 * @param {string[]} command the runtime and its arguments before the script
 * @param {string} script
 * @param {string} url
 * @returns {Promise<Run>}
 */
async function coldStart(command, script, url) {
  const [runtime = process.execPath, ...args] = command;
  const start = performance.now();
  const child = spawn(runtime, [...args, fileURLToPath(new URL(`./${script}`, import.meta.url)), url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  // 'close' comes after the child's output has been read, so a printed line is never missed.
  const closed = once(child, 'close');
  const failed = closed.then(([code]) => {
    throw new Error(`${script} exited with code ${code} before answering`);
  });
  const [line] = /** @type {[string]} */ (await Promise.race([once(lines, 'line'), failed]));
  const wall = performance.now() - start;
  // The child exits right after its line; wait for that so that runs do not overlap.
  await closed;
  return { wall, .../** @type {Phases} */ (JSON.parse(line)) };
}

/** @param {number} ms */
const fmt = (ms) => `${ms.toFixed(0)} ms`;

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

const server = await startFixedServer();
const work = await mkdtemp(join(tmpdir(), 'loyalty-bench-start-'));
try {
  const machine = describeMachine();
  console.log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverage}`);
  console.log(`cold start: spawn -> import -> construct -> first answer; ${RUNS} runs each, alternating\n`);
  const header = ['total', 'boot', 'import', 'construct', 'first call'].map((h) => h.padStart(11)).join('');
  console.log(`${'runtime'.padEnd(30)} ${'client'.padEnd(12)}${header}   ratio`);
  /** @type {Record<string, number>} */
  const ratios = {};
  for (const runtime of PROCESS_RUNTIMES) {
    // One unmeasured run each fills the file system cache.
    for (const client of CLIENTS) await coldStart(runtime.command, client.script, server.url);
    /** @type {Map<string, Run[]>} */
    const runs = new Map(CLIENTS.map((client) => [client.name, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const client of CLIENTS)
        runs.get(client.name)?.push(await coldStart(runtime.command, client.script, server.url));
    }
    /** @type {Record<string, number>} */
    const totals = {};
    for (const [name, list] of runs) {
      const m = (/** @type {(run: Run) => number} */ pick) => median(list.map(pick));
      totals[name] = m((run) => run.wall);
      const cells = [
        m((run) => run.wall),
        m((run) => run.started),
        m((run) => run.imported - run.started),
        m((run) => run.constructed - run.imported),
        m((run) => run.answered - run.constructed),
      ];
      const ratio =
        name === 'loyalty-sdk'
          ? ''
          : `${((totals['loyalty-sdk'] ?? Number.NaN) / (totals[name] ?? Number.NaN)).toFixed(2)}x`;
      if (ratio) ratios[runtime.label] = Number.parseFloat(ratio);
      console.log(
        `${(name === 'loyalty-sdk' ? runtime.label : '').padEnd(30)} ${name.padEnd(12)}${cells.map((cell) => fmt(cell).padStart(11)).join('')}   ${ratio}`,
      );
    }
  }

  const project = (await installPackedTarball(join(work, 'packed'))).project;
  const bundles = await bundleWorkers(join(work, 'workers'), project);
  for (const nodejsCompat of [false, true]) {
    const label = `${workerdLabel}${nodejsCompat ? ' nodejs_compat' : ''}`;
    const port = await freePort();
    const start = (/** @type {'loyalty-sdk' | 'openai-node'} */ name) =>
      workerdColdStart({
        workerd: paths.workerd,
        folder: bundles[name].folder,
        port,
        server: server.url,
        nodejsCompat,
      });
    for (const client of CLIENTS) await start(/** @type {'loyalty-sdk' | 'openai-node'} */ (client.name));
    /** @type {Record<string, number[]>} */
    const walls = { 'loyalty-sdk': [], 'openai-node': [] };
    for (let run = 0; run < RUNS; run++) {
      for (const client of CLIENTS)
        walls[client.name]?.push(await start(/** @type {'loyalty-sdk' | 'openai-node'} */ (client.name)));
    }
    const ours = median(walls['loyalty-sdk'] ?? []);
    const theirs = median(walls['openai-node'] ?? []);
    ratios[label] = ours / theirs;
    console.log(`${label.padEnd(30)} ${'loyalty-sdk'.padEnd(12)}${fmt(ours).padStart(11)}`);
    console.log(
      `${''.padEnd(30)} ${'openai-node'.padEnd(12)}${fmt(theirs).padStart(11)}${''.padStart(44)}   ${(ours / theirs).toFixed(2)}x`,
    );
  }
  console.log(
    `\nmedians of ${RUNS} runs; total = spawn to the answer, seen from the parent; the phases are the child's own clock;`,
  );
  console.log("on workerd, total = spawn of workerd to the worker's answer (its one call included)");

  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    '\nWorkers bundle of a worker that makes one call (esbuild, minified, the Workers conditions, as wrangler bundles):',
  );
  console.log(`${'client'.padEnd(12)}${'minified'.padStart(12)}${'gzipped'.padStart(12)}`);
  for (const [name, bundle] of Object.entries(bundles)) {
    console.log(`${name.padEnd(12)}${kb(bundle.minified).padStart(12)}${kb(bundle.gzipped).padStart(12)}`);
  }
  const gzipRatio = bundles['loyalty-sdk'].gzipped / bundles['openai-node'].gzipped;
  console.log(`loyalty-sdk / openai-node, gzipped: ${gzipRatio.toFixed(2)}x`);

  const node20 = ratios[PROCESS_RUNTIMES[0]?.label ?? ''] ?? Number.NaN;
  console.log(
    `\n${node20 <= 1 ? 'PASS' : 'FAIL'}  target: on Node 20, loyalty-sdk cold start <= openai-node's (${node20.toFixed(2)}x)`,
  );
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
