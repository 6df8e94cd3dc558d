// @ts-check
// npm run bench:server — the reference server against a bare node:http server answering the same
// bytes (GET /ext/v3/clientes/{uid}, autocannon, 10 connections), interleaved rounds, medians;
// then a dry run and an applied points action on a 100,000-member group. BENCH_AGAINST=<commit>
// builds that commit in a git worktree (../against-build.mjs) and measures its reference server in
// the same rounds: each line then gives both, and this tree's figure over that commit's.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';
import { againstTree } from '../against-build.mjs';
import { startChild } from '../child-server.mjs';
import { timeGroupActions } from './group-actions.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const built = process.env.BENCH_AGAINST ? await againstTree(process.env.BENCH_AGAINST) : undefined;
/** BENCH_AGAINST: the commit's short hash, and the URL of its server entry. */
const AGAINST = built && {
  short: built.short,
  serverEntry: pathToFileURL(join(built.tree, 'dist', 'server.js')).href,
};
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
  ...(AGAINST
    ? {
        against: ['./server/reference-process.mjs', ['log', AGAINST.serverEntry]],
        againstUnlogged: ['./server/reference-process.mjs', ['no-log', AGAINST.serverEntry]],
      }
    : {}),
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
    `round ${round}/${ROUNDS}: reference ${last('reference')} req/s, without its request log ${last('unlogged')} req/s, bare ${last('bare')} req/s${AGAINST ? `; at ${AGAINST.short} ${last('against')} and ${last('againstUnlogged')} req/s` : ''}`,
  );
}

/**
 * `now` and, with BENCH_AGAINST, the commit's figure `then` and now / then, after the line's label.
 * @param {number} now @param {number | undefined} then @param {(value: number) => string} format
 */
const both = (now, then, format) =>
  then === undefined
    ? format(now)
    : `${format(now)}  at ${AGAINST?.short}: ${format(then)}  (this tree / then: ${(now / then).toFixed(2)})`;
/** @param {number} value */
const perSecond = (value) => `${Math.round(value).toString().padStart(7)} req/s`;
/** @param {number} value */
const milliseconds = (value) => `${value.toFixed(0).padStart(5)} ms`;
/** @param {string} name */
const medianOf = (name) => (rates[name] === undefined ? undefined : median(rates[name]));

const reference = median(rates.reference ?? []);
const unlogged = median(rates.unlogged ?? []);
const bare = median(rates.bare ?? []);
const ratio = reference / bare;
const thenReference = medianOf('against');
const thenUnlogged = medianOf('againstUnlogged');
/** @param {number} logged @param {number} without */
const logCost = (logged, without) =>
  `the log costs ${((1 / logged - 1 / without) * 1e6).toFixed(1)} µs a request: ${(logged / without).toFixed(2)}x`;
console.log('');
console.log(
  `GET ${PATH}, autocannon, 10 connections, ${ROUNDS} rounds of ${SECONDS} s, medians (Node ${process.version})`,
);
console.log(
  `  reference server  ${both(reference, thenReference, perSecond)}  (its request log on, the default)`,
);
console.log(
  `  without the log   ${both(unlogged, thenUnlogged, perSecond)}  (${logCost(reference, unlogged)}${thenReference === undefined || thenUnlogged === undefined ? '' : `; then ${logCost(thenReference, thenUnlogged)}`})`,
);
console.log(`  bare node:http    ${perSecond(bare)}`);
const thenRatio = thenReference === undefined ? undefined : thenReference / bare;
console.log(
  `  ratio             ${both(ratio, thenRatio, (value) => value.toFixed(2))}   (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
);

/** @param {string} [serverEntry] */
const logMemory = (serverEntry) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--expose-gc',
        fileURLToPath(new URL('./log-memory.mjs', import.meta.url)),
        ...(serverEntry ? [serverEntry] : []),
      ],
      { encoding: 'utf8' },
    ),
  );
const memory = logMemory();
const thenMemory = AGAINST ? logMemory(AGAINST.serverEntry) : undefined;
console.log(
  `  request log memory: ${memory.entries.toLocaleString('en')} entries hold ${both(memory.bytes, thenMemory?.bytes, (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`)} (${Math.round(memory.bytes / memory.entries)} bytes each; heap with the log minus without, after a full GC)`,
);

const MEMBERS = 100_000;
/** @typedef {Awaited<ReturnType<typeof timeGroupActions>>} GroupTimes */
/** @param {GroupTimes} one @param {GroupTimes} other */
const fastest = (one, other) => ({
  ...one,
  dryRunMs: Math.min(one.dryRunMs, other.dryRunMs),
  appliedMs: Math.min(one.appliedMs, other.appliedMs),
});
/**
 * This tree's times, and with BENCH_AGAINST the commit's: each twice (this tree, the commit, the
 * commit, this tree), the faster of each kept, as the first to run warms the client both use.
 */
async function groupTimes() {
  if (!AGAINST) return { groups: await timeGroupActions(MEMBERS), thenGroups: undefined };
  const first = await timeGroupActions(MEMBERS);
  const thenGroups = fastest(
    await timeGroupActions(MEMBERS, AGAINST.serverEntry),
    await timeGroupActions(MEMBERS, AGAINST.serverEntry),
  );
  return { groups: fastest(first, await timeGroupActions(MEMBERS)), thenGroups };
}
const { groups, thenGroups } = await groupTimes();
console.log('');
console.log(`Group of ${groups.members.toLocaleString('en')} members (through HTTP, one request each):`);
console.log(
  `  dry run         ${both(groups.dryRunMs, thenGroups?.dryRunMs, milliseconds)}  (afectados ${groups.afectados})  ${groups.dryRunMs < 1000 ? 'under 1 s' : 'OVER 1 s'}`,
);
console.log(
  `  applied action  ${both(groups.appliedMs, thenGroups?.appliedMs, milliseconds)}  ${groups.appliedMs < 1000 ? 'under 1 s' : 'OVER 1 s'}`,
);
await built?.remove();
process.exitCode = ratio >= TARGET_RATIO && groups.dryRunMs < 1000 && groups.appliedMs < 1000 ? 0 : 1;
