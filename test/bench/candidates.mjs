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
export const SDK_READ = 'loyalty-sdk (read)';
export const SDK_WRITE = 'loyalty-sdk (keyed write)';
export const SDK_FETCH_READ = 'loyalty-sdk, fetch option (read)';
export const FETCH_READ = 'fetch (read)';
export const FETCH_DEADLINE_READ = 'fetch with a deadline (read)';
export const OPENAPI_FETCH_READ = 'openapi-fetch (read)';

const UID = 'c-0001';
const POINTS = { puntos: 10, motivo: 'bench' };
/** The SDK's default timeout: the deadline the fetch-with-a-deadline candidate sets too. */
const DEADLINE_MS = 30_000;

const readPath = `/ext/v3/clientes/${UID}`;
const writePath = `/ext/v3/clientes/${UID}/puntos`;

/** @param {string} baseUrl @param {import('loyalty-sdk').ClientOptions} [options] */
async function sdkClient(baseUrl, options = {}) {
  const { LoyaltyClient } = await loadSdk();
  return new LoyaltyClient({ apiKey: API_KEY, baseUrl, ...options });
}

/** @param {string} name @param {CandidateSpec['make']} make @returns {CandidateSpec} */
const read = (name, make) => ({ name, kind: 'read', baseline: UNDICI_READ, make });
/** @param {string} name @param {CandidateSpec['make']} make @returns {CandidateSpec} */
const write = (name, make) => ({ name, kind: 'write', baseline: UNDICI_WRITE, make });

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
  read(SDK_READ, async (baseUrl) => {
    const sdk = await sdkClient(baseUrl);
    return () => sdk.clientes.retrieve(UID);
  }),
  write(SDK_WRITE, async (baseUrl) => {
    const sdk = await sdkClient(baseUrl);
    return () => sdk.clientes.puntos.add(UID, POINTS);
  }),
  read(SDK_FETCH_READ, async (baseUrl) => {
    const sdk = await sdkClient(baseUrl, { fetch: globalThis.fetch });
    return () => sdk.clientes.retrieve(UID);
  }),
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
  const spec = CANDIDATES.find((each) => each.name === name);
  if (!spec) throw new Error(`no candidate named "${name}"`);
  return { name: spec.name, kind: spec.kind, baseline: spec.baseline, call: await spec.make(baseUrl) };
}
