// @ts-check
// npm run bench:bulk: items per second of a job of one call per item against the reference
// server, through client.bulk and through a hand-written p-limit loop over the same calls, at
// several concurrencies, in alternating rounds, each job and each server in a fresh process; the
// limiter's own cost per call; and the RSS of a job streamed from a file of 1,000,000 items
// against 100,000.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMemoryLimiter } from 'loyalty-sdk';
import { startChild } from '../child-server.mjs';

const ITEMS = Number(process.env.BENCH_BULK_ITEMS ?? 100_000);
const RSS_ITEMS = Number(process.env.BENCH_BULK_RSS_ITEMS ?? 1_000_000);
const CONCURRENCIES = (process.env.BENCH_BULK_CONCURRENCIES ?? '1,8,32').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const CUSTOMERS = 1_000;

/**
 * Runs `script` with `args` in a process of its own and resolves to the JSON of its last line.
 * @param {string} script @param {string[]} args @param {string[]} [nodeFlags]
 * @returns {Promise<any>}
 */
const runProcess = (script, args, nodeFlags = []) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...nodeFlags, fileURLToPath(new URL(script, import.meta.url)), ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'))
        : reject(new Error(`${script} exited ${code}`)),
    );
  });

/**
 * One timed job, on a fresh server and in a fresh client process: items per second.
 * @param {string} variant @param {number} concurrency
 */
async function timed(variant, concurrency) {
  const server = await startChild(fileURLToPath(new URL('./server-process.mjs', import.meta.url)), [
    String(CUSTOMERS),
  ]);
  try {
    const args = [variant, String(concurrency), String(ITEMS), String(CUSTOMERS), server.url];
    /** @type {{ itemsPerSecond: number }} */
    const result = await runProcess('./job-process.mjs', args);
    return result.itemsPerSecond;
  } finally {
    await server.stop();
  }
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? /** @type {number} */ (sorted[middle])
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** @param {Record<string, number[]>} rates */
const eachRound = (rates) =>
  (rates['client.bulk'] ?? [])
    .map((bulk, round) => `${bulk.toFixed(0)}/${(rates['p-limit loop']?.[round] ?? 0).toFixed(0)}`)
    .join(' ');

console.log(
  `bench:bulk: ${ITEMS.toLocaleString('en')} items (clientes.puntos.add, one per item) against the reference server in its own process; ${ROUNDS} alternating rounds per row, median`,
);
console.log('concurrency | client.bulk items/s | p-limit loop items/s | ratio  | each round (bulk/loop)');
for (const concurrency of CONCURRENCIES) {
  /** @type {Record<string, number[]>} */
  const rates = { 'client.bulk': [], 'p-limit loop': [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['client.bulk', 'p-limit loop'] : ['p-limit loop', 'client.bulk'];
    for (const variant of order) rates[variant]?.push(await timed(variant, concurrency));
  }
  const bulk = median(rates['client.bulk'] ?? []);
  const loop = median(rates['p-limit loop'] ?? []);
  console.log(
    `${String(concurrency).padStart(11)} | ${bulk.toFixed(0).padStart(19)} | ${loop.toFixed(0).padStart(20)} | ${(bulk / loop).toFixed(3)}x | ${eachRound(rates)}`,
  );
}

// The limiter's own cost: acquire of a memory limiter whose rates never make anyone wait.
const limiter = createMemoryLimiter({
  requestsPerSecond: 1_000_000_000,
  groupActionsPerMinute: 1_000_000_000,
});
const keyLimiter = limiter.forKey('bench');
await keyLimiter.acquire('request', undefined);
const ACQUIRES = 200_000;
const started = performance.now();
for (let index = 0; index < ACQUIRES; index++) await keyLimiter.acquire('request', undefined);
const acquireUs = ((performance.now() - started) * 1_000) / ACQUIRES;
const emptyStarted = performance.now();
for (let index = 0; index < ACQUIRES; index++) await Promise.resolve();
const awaitUs = ((performance.now() - emptyStarted) * 1_000) / ACQUIRES;
console.log(
  `limiter: acquire of a memory limiter that never waits ${acquireUs.toFixed(2)} µs a call (an empty await: ${awaitUs.toFixed(2)} µs)`,
);

// RSS of a job streamed from a file: its own process, with the gc exposed.
/** @type {{ items: number, rssAt100k: number, rssAtEnd: number }} */
const rss = await runProcess('./rss-process.mjs', [String(RSS_ITEMS)], ['--expose-gc']);
console.log(
  `memory: a job of ${rss.items.toLocaleString('en')} items read from a JSON-lines file: RSS ${rss.rssAt100k.toFixed(1)} MB after 100,000, ${rss.rssAtEnd.toFixed(1)} MB after all (${((rss.rssAtEnd / rss.rssAt100k - 1) * 100).toFixed(1)}%)`,
);
