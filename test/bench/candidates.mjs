// @ts-check
/**
 * The clients compared, each reduced to one call that sends a request to the fixed server and
 * reads its JSON answer. Reads fetch one customer; writes add points with a fresh Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { loadSdk } from './sdk.mjs';

/**
 * @typedef {object} Candidate
 * @property {string} name
 * @property {'read' | 'write'} kind
 * @property {string} baseline name of the raw undici candidate of the same kind, for the ratios
 * @property {() => Promise<unknown>} call
 */

/**
 * A candidate before it is made: its name and kind, and how to make its call. Each is made in a
 * process of its own that loads only what it needs, as an integrator's backend would: loading the
 * `undici` package makes its Agent the dispatcher of the runtime's `fetch` too.
 * @typedef {Omit<Candidate, 'call'> & { make: (baseUrl: string) => Promise<() => Promise<unknown>> }} CandidateSpec
 */

export const API_KEY = 'bench-api-key-0123456789abcdef';
export const UNDICI_READ = 'undici.request (read)';
export const UNDICI_WRITE = 'undici.request (keyed write)';
/**
 * The SDK's candidates' names; `version` is '' for this tree's build, `@<commit>` for BENCH_AGAINST's.
 * @param {string} version
 */
export const sdkNames = (version) => ({
  read: `loyalty-sdk${version} (read)`,
  write: `loyalty-sdk${version} (keyed write)`,
  fetchRead: `loyalty-sdk${version}, fetch option (read)`,
});
export const { read: SDK_READ, write: SDK_WRITE, fetchRead: SDK_FETCH_READ } = sdkNames('');
export const FETCH_READ = 'fetch (read)';
export const FETCH_DEADLINE_READ = 'fetch with a deadline (read)';
export const OPENAPI_FETCH_READ = 'openapi-fetch (read)';

const UID = 'c-0001';
const POINTS = { puntos: 10, motivo: 'bench' };
/** The SDK's default timeout: the deadline the fetch-with-a-deadline candidate sets too. */
const DEADLINE_MS = 30_000;

const readPath = `/ext/v3/clientes/${UID}`;
const writePath = `/ext/v3/clientes/${UID}/puntos`;

/** @param {string} name @param {CandidateSpec['make']} make @returns {CandidateSpec} */
const read = (name, make) => ({ name, kind: 'read', baseline: UNDICI_READ, make });
/** @param {string} name @param {CandidateSpec['make']} make @returns {CandidateSpec} */
const write = (name, make) => ({ name, kind: 'write', baseline: UNDICI_WRITE, make });

/**
 * The SDK's read, keyed write and read with the fetch option, loading the SDK from `entry`
 * (`loadSdk`'s default when undefined).
 * @param {string | undefined} entry @param {string} version
 * @returns {CandidateSpec[]}
 */
function sdkCandidates(entry, version) {
  const names = sdkNames(version);
  /** @param {string} baseUrl @param {import('loyalty-sdk').ClientOptions} [options] */
  const client = async (baseUrl, options = {}) => {
    const { LoyaltyClient } = await loadSdk(entry);
    return new LoyaltyClient({ apiKey: API_KEY, baseUrl, ...options });
  };
  return [
    read(names.read, async (baseUrl) => {
      const sdk = await client(baseUrl);
      return () => sdk.clientes.retrieve(UID);
    }),
    write(names.write, async (baseUrl) => {
      const sdk = await client(baseUrl);
      return () => sdk.clientes.puntos.add(UID, POINTS);
    }),
    read(names.fetchRead, async (baseUrl) => {
      const sdk = await client(baseUrl, { fetch: globalThis.fetch });
      return () => sdk.clientes.retrieve(UID);
    }),
  ];
}

/**
 * BENCH_AGAINST's candidates: the SDK's, loading the build of an earlier commit, whose entry file
 * BENCH_AGAINST_ENTRY names and whose short hash BENCH_AGAINST_COMMIT gives; none without them.
 * Read at each call: run.mjs sets them once it has built the commit, for itself and the candidates'
 * processes.
 * @returns {CandidateSpec[]}
 */
export function againstCandidates() {
  const { BENCH_AGAINST_ENTRY: entry, BENCH_AGAINST_COMMIT: commit } = process.env;
  return entry && commit ? sdkCandidates(entry, `@${commit}`) : [];
}

/** @type {readonly CandidateSpec[]} */
export const CANDIDATES = [
  read(UNDICI_READ, async (baseUrl) => {
    const { request } = await import('undici');
    return async () => {
      const response = await request(`${baseUrl}${readPath}`, { headers: { apikey: API_KEY } });
      return response.body.json();
    };
  }),
  write(UNDICI_WRITE, async (baseUrl) => {
    const { request } = await import('undici');
    return async () => {
      const response = await request(`${baseUrl}${writePath}`, {
        method: 'POST',
        headers: { apikey: API_KEY, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(POINTS),
      });
      return response.body.json();
    };
  }),
  ...sdkCandidates(undefined, ''),
  read(FETCH_READ, async (baseUrl) => async () => {
    const response = await fetch(`${baseUrl}${readPath}`, { headers: { apikey: API_KEY } });
    return response.json();
  }),
  // What any client that can stop a request at its deadline pays: a signal of its own and a timer.
  read(FETCH_DEADLINE_READ, async (baseUrl) => async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), DEADLINE_MS);
    try {
      const response = await fetch(`${baseUrl}${readPath}`, {
        headers: { apikey: API_KEY },
        signal: controller.signal,
      });
      return await response.json();
    } finally {
      clearTimeout(timer);
    }
  }),
  read(OPENAPI_FETCH_READ, async (baseUrl) => {
    // By URL rather than a literal specifier, so that `npm run typecheck` does not follow it: its
    // types come from openapi-types.d.ts, which exists only once a bench has generated it.
    const { openapiFetchRead } = await import(new URL('./openapi-fetch-candidate.mjs', import.meta.url).href);
    return openapiFetchRead(baseUrl, API_KEY, UID);
  }),
];

/**
 * Makes one candidate, in this process.
 * @param {string} name
 * @param {string} baseUrl the fixed server, e.g. http://127.0.0.1:1234
 * @returns {Promise<Candidate>}
 */
export async function makeCandidate(name, baseUrl) {
  const spec = [...CANDIDATES, ...againstCandidates()].find((each) => each.name === name);
  if (!spec) throw new Error(`no candidate named "${name}"`);
  return { name: spec.name, kind: spec.kind, baseline: spec.baseline, call: await spec.make(baseUrl) };
}
