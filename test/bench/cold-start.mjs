// @ts-check
/**
 * `npm run bench:start`: time for a fresh node process to import the SDK, construct a client and
 * complete a first call, against openai-node doing the same, both against one local fixed server.
 * Runs alternate (ours, openai, ours, ...) so that drift hits both; prints medians and the ratio.
 * COLD_START_RUNS sets the runs of each (default 15, at least 10).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
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
 * @param {string} script
 * @param {string} url
 * @returns {Promise<Run>}
 */
async function coldStart(script, url) {
  const start = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(new URL(`./${script}`, import.meta.url)), url], {
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

const server = await startFixedServer();
try {
  const machine = describeMachine();
  console.log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverage}`);
  console.log(`cold start: spawn -> import -> construct -> first answer; ${RUNS} runs each, alternating\n`);
  // One unmeasured run each fills the file system cache.
  for (const client of CLIENTS) await coldStart(client.script, server.url);
  /** @type {Map<string, Run[]>} */
  const runs = new Map(CLIENTS.map((client) => [client.name, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const client of CLIENTS) runs.get(client.name)?.push(await coldStart(client.script, server.url));
  }
  console.log(
    `${'client'.padEnd(12)}  ${['total', 'boot', 'import', 'construct', 'first call'].map((h) => h.padStart(12)).join('')}`,
  );
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
    console.log(`${name.padEnd(12)}  ${cells.map((cell) => fmt(cell).padStart(12)).join('')}`);
  }
  const ratio = (totals['loyalty-sdk'] ?? Number.NaN) / (totals['openai-node'] ?? Number.NaN);
  console.log(
    `\nmedians of ${RUNS} runs; total = spawn to the answer, seen from the parent; the phases are the child's own clock`,
  );
  console.log(`loyalty-sdk / openai-node: ${ratio.toFixed(2)}x`);
  console.log(`${ratio <= 1 ? 'PASS' : 'FAIL'}  target: loyalty-sdk cold start <= openai-node's`);
} finally {
  await server.stop();
}
