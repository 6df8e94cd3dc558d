// @ts-check
// npm run bench:server — the reference server against a bare node:http server answering the same
// bytes (GET /ext/v3/clientes/{uid}, autocannon, 10 connections), interleaved rounds, medians;
// then a dry run and an applied points action on a 100,000-member group. BENCH_AGAINST=<commit>
// adds the reference server as that commit built it to the same rounds (against.mjs).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';
import { startChild } from '../child-server.mjs';
import { buildAt } from './against.mjs';
import { timeGroupActions } from './group-actions.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** @type {ReturnType<typeof buildAt> | undefined} */
let AGAINST;
try {
  AGAINST = process.env.BENCH_AGAINST ? buildAt(process.env.BENCH_AGAINST) : undefined;
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const TARGET_RATIO = 0.6;
const KEY = 'lk_demo_all_scopes';
const PATH = '/ext/v3/clientes/cli_0001';

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? /** @type {number} */ (sorted[middle])
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** @param {string} url */
async function requestsPerSecond(url) {
  const result = await autocannon({
    url: `${url}${PATH}`,
    connections: 10,
    duration: SECONDS,
    headers: { apikey: KEY },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

/** What the reference server answers, to be replayed byte for byte by the bare server. */
async function referenceAnswer() {
  const reference = await startChild('./server/reference-process.mjs');
  try {
    const response = await request(`${reference.url}${PATH}`, { headers: { apikey: KEY } });
    const body = await response.body.text();
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (
        !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name) &&
        typeof value === 'string'
      ) {
        headers[name] = value;
      }
    }
    return { status: response.statusCode, headers, body };
  } finally {
    await reference.stop();
  }
}

const answer = await referenceAnswer();
/** @type {Record<string, [string, string[]]>} */
const servers = {
  reference: ['./server/reference-process.mjs', []],
  unlogged: ['./server/reference-process.mjs', ['no-log']],
  bare: ['./server/bare-process.mjs', [JSON.stringify(answer)]],
  ...(AGAINST ? { against: ['./server/reference-process.mjs', ['log', AGAINST.serverEntry]] } : {}),
};
/** @type {Record<string, number[]>} */
const rates = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
/** @param {string} name */
const last = (name) => Math.round(rates[name]?.at(-1) ?? 0);
for (let round = 1; round <= ROUNDS; round++) {
  // Each round starts with the next server, so that no server always comes first or last.
  const names = Object.keys(servers);
  const order = [...names.slice((round - 1) % names.length), ...names.slice(0, (round - 1) % names.length)];
  for (const name of order) {
    const [script, args] = servers[name] ?? [];
    if (script === undefined) continue;
    const server = await startChild(script, args);
    try {
      await requestsPerSecond(server.url); // warm-up round is measured too short to count
      rates[name]?.push(await requestsPerSecond(server.url));
    } finally {
      await server.stop();
    }
  }
  console.log(
    `round ${round}/${ROUNDS}: reference ${last('reference')} req/s, without its request log ${last('unlogged')} req/s, bare ${last('bare')} req/s${AGAINST ? `, at ${AGAINST.sha.slice(0, 7)} ${last('against')} req/s` : ''}`,
  );
}

const reference = median(rates.reference ?? []);
const unlogged = median(rates.unlogged ?? []);
const bare = median(rates.bare ?? []);
const ratio = reference / bare;
console.log('');
console.log(
  `GET ${PATH}, autocannon, 10 connections, ${ROUNDS} rounds of ${SECONDS} s, medians (Node ${process.version})`,
);
console.log(
  `  reference server  ${Math.round(reference).toString().padStart(7)} req/s  (its request log on, the default)`,
);
console.log(
  `  without the log   ${Math.round(unlogged).toString().padStart(7)} req/s  (the log costs ${((1 / reference - 1 / unlogged) * 1e6).toFixed(1)} µs a request: ${(reference / unlogged).toFixed(2)}x)`,
);
console.log(`  bare node:http    ${Math.round(bare).toString().padStart(7)} req/s`);
if (AGAINST) {
  const against = median(rates.against ?? []);
  console.log(
    `  at ${AGAINST.sha.slice(0, 7)}        ${Math.round(against).toString().padStart(7)} req/s  (ratio ${(against / bare).toFixed(2)}; this code does ${(reference / against).toFixed(2)}x of it)`,
  );
}
console.log(
  `  ratio             ${ratio.toFixed(2)}   (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
);

const memory = JSON.parse(
  execFileSync(
    process.execPath,
    ['--expose-gc', fileURLToPath(new URL('./log-memory.mjs', import.meta.url))],
    {
      encoding: 'utf8',
    },
  ),
);
console.log(
  `  request log memory: ${memory.entries.toLocaleString('en')} entries hold ${(memory.bytes / 1024 / 1024).toFixed(2)} MB (${Math.round(memory.bytes / memory.entries)} bytes each; heap with the log minus without, after a full GC)`,
);

const groups = await timeGroupActions(100_000);
console.log('');
console.log(`Group of ${groups.members.toLocaleString('en')} members (through HTTP, one request each):`);
console.log(
  `  dry run         ${groups.dryRunMs.toFixed(0).padStart(5)} ms  (afectados ${groups.afectados})  ${groups.dryRunMs < 1000 ? 'under 1 s' : 'OVER 1 s'}`,
);
console.log(
  `  applied action  ${groups.appliedMs.toFixed(0).padStart(5)} ms  ${groups.appliedMs < 1000 ? 'under 1 s' : 'OVER 1 s'}`,
);
process.exitCode = ratio >= TARGET_RATIO && groups.dryRunMs < 1000 && groups.appliedMs < 1000 ? 0 : 1;
