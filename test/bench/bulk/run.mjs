// @ts-check
// npm run bench:bulk: items per second of a job of one call per item against the reference
// server (a process of its own), through client.bulk and through a hand-written p-limit loop over
// the same calls, at several concurrencies, in alternating rounds; the limiter's own cost per
// call; and the RSS of a job streamed from a file of 1,000,000 items against 100,000.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMemoryLimiter, LoyaltyClient } from 'loyalty-sdk';
import { deriveIdempotencyKey } from 'loyalty-sdk/bulk';
import { DEMO_API_KEY } from 'loyalty-sdk/server';
import pLimit from 'p-limit';
import { movements } from '../../fleet/plan.mjs';
import { startChild } from '../child-server.mjs';

const ITEMS = Number(process.env.BENCH_BULK_ITEMS ?? 100_000);
const RSS_ITEMS = Number(process.env.BENCH_BULK_RSS_ITEMS ?? 1_000_000);
const CONCURRENCIES = [1, 8, 32];
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 2);
const CUSTOMERS = 1_000;
const API_KEY = DEMO_API_KEY;

/** @param {LoyaltyClient} client @param {{ uid: string, puntos: number, id: string }} movement @param {import('loyalty-sdk').RequestOptions} options */
const accrue = (client, movement, options) =>
  client.clientes.puntos.add(movement.uid, { puntos: movement.puntos, motivo: movement.id }, options);

/** @type {Record<string, (client: LoyaltyClient, concurrency: number, jobId: string) => Promise<number>>} */
const VARIANTS = {
  'client.bulk': async (client, concurrency, jobId) => {
    const summary = await client.bulk(
      movements(ITEMS, CUSTOMERS),
      (movement, call) => accrue(client, movement, call),
      {
        jobId,
        itemKey: (movement) => movement.id,
        concurrency,
      },
    );
    return summary.failed;
  },
  'p-limit loop': async (client, concurrency, jobId) => {
    const limit = pLimit(concurrency);
    let failed = 0;
    const tasks = [];
    for (const movement of movements(ITEMS, CUSTOMERS)) {
      tasks.push(
        limit(async () => {
          const idempotencyKey = await deriveIdempotencyKey(jobId, movement.id);
          await accrue(client, movement, { idempotencyKey }).catch(() => {
            failed += 1;
          });
        }),
      );
    }
    await Promise.all(tasks);
    return failed;
  },
};

/**
 * One timed run on a fresh server: items per second.
 * @param {string} variant @param {number} concurrency @param {number} round
 */
async function timed(variant, concurrency, round) {
  const server = await startChild(fileURLToPath(new URL('./server-process.mjs', import.meta.url)), [
    String(CUSTOMERS),
  ]);
  try {
    const client = new LoyaltyClient({ apiKey: API_KEY, baseUrl: server.url, logLevel: 'off' });
    await client.tareas.list();
    const started = performance.now();
    const run = /** @type {NonNullable<(typeof VARIANTS)[string]>} */ (VARIANTS[variant]);
    const failed = await run(client, concurrency, `bench-${variant}-${concurrency}-${round}`);
    const seconds = (performance.now() - started) / 1_000;
    if (failed > 0) throw new Error(`${variant}: ${failed} items failed`);
    return ITEMS / seconds;
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

console.log(
  `bench:bulk: ${ITEMS.toLocaleString('en')} items (clientes.puntos.add, one per item) against the reference server in its own process; ${ROUNDS} alternating rounds per row, median`,
);
console.log('concurrency | client.bulk items/s | p-limit loop items/s | ratio');
for (const concurrency of CONCURRENCIES) {
  /** @type {Record<string, number[]>} */
  const rates = { 'client.bulk': [], 'p-limit loop': [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['client.bulk', 'p-limit loop'] : ['p-limit loop', 'client.bulk'];
    for (const variant of order) rates[variant]?.push(await timed(variant, concurrency, round));
  }
  const bulk = median(rates['client.bulk'] ?? []);
  const loop = median(rates['p-limit loop'] ?? []);
  console.log(
    `${String(concurrency).padStart(11)} | ${bulk.toFixed(0).padStart(19)} | ${loop.toFixed(0).padStart(20)} | ${(bulk / loop).toFixed(3)}x`,
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
const rss = await new Promise((resolve, reject) => {
  const child = spawn(
    process.execPath,
    ['--expose-gc', fileURLToPath(new URL('./rss-process.mjs', import.meta.url)), String(RSS_ITEMS)],
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
      : reject(new Error(`rss-process exited ${code}`)),
  );
});
console.log(
  `memory: a job of ${rss.items.toLocaleString('en')} items read from a JSON-lines file: RSS ${rss.rssAt100k.toFixed(1)} MB after 100,000, ${rss.rssAtEnd.toFixed(1)} MB after all (${((rss.rssAtEnd / rss.rssAt100k - 1) * 100).toFixed(1)}%)`,
);
