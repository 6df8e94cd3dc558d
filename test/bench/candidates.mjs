// @ts-check
/**
 * The clients compared, each reduced to one call that sends a request to the fixed server and
 * reads its JSON answer. Reads fetch one customer; writes add points with a fresh Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { loadSdk } from './sdk.mjs';

/**
 * @typedef {object} Candidate
 * @property {string} name
 * @property {'read' | 'write'} kind
 * @property {string} baseline name of the raw undici candidate of the same kind, for the ratios
 * @property {() => Promise<unknown>} call
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

/**
 * @param {string} baseUrl the fixed server, e.g. http://127.0.0.1:1234
 * @returns {Promise<Candidate[]>}
 */
export async function createCandidates(baseUrl) {
  const { LoyaltyClient } = await loadSdk();
  const readUrl = `${baseUrl}/ext/v3/clientes/${UID}`;
  const writeUrl = `${baseUrl}/ext/v3/clientes/${UID}/puntos`;
  const sdk = new LoyaltyClient({ apiKey: API_KEY, baseUrl });
  const sdkWithFetch = new LoyaltyClient({ apiKey: API_KEY, baseUrl, fetch: globalThis.fetch });
  // By URL rather than a literal specifier, so that `npm run typecheck` does not follow it: its types
  // come from openapi-types.d.ts, which exists only once a bench has generated it.
  const { openapiFetchRead } = await import(new URL('./openapi-fetch-candidate.mjs', import.meta.url).href);

  /** @param {string} name @param {() => Promise<unknown>} call @returns {Candidate} */
  const read = (name, call) => ({ name, kind: 'read', baseline: UNDICI_READ, call });
  /** @param {string} name @param {() => Promise<unknown>} call @returns {Candidate} */
  const write = (name, call) => ({ name, kind: 'write', baseline: UNDICI_WRITE, call });

  return [
    read(UNDICI_READ, async () => {
      const response = await request(readUrl, { headers: { apikey: API_KEY } });
      return response.body.json();
    }),
    write(UNDICI_WRITE, async () => {
      const response = await request(writeUrl, {
        method: 'POST',
        headers: { apikey: API_KEY, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(POINTS),
      });
      return response.body.json();
    }),
    read(SDK_READ, () => sdk.clientes.retrieve(UID)),
    write(SDK_WRITE, () => sdk.clientes.puntos.add(UID, POINTS)),
    read(SDK_FETCH_READ, () => sdkWithFetch.clientes.retrieve(UID)),
    read(FETCH_READ, async () => {
      const response = await fetch(readUrl, { headers: { apikey: API_KEY } });
      return response.json();
    }),
    // What any client that can stop a request at its deadline pays: a signal of its own and a timer.
    read(FETCH_DEADLINE_READ, async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), DEADLINE_MS);
      try {
        const response = await fetch(readUrl, { headers: { apikey: API_KEY }, signal: controller.signal });
        return await response.json();
      } finally {
        clearTimeout(timer);
      }
    }),
    read(OPENAPI_FETCH_READ, openapiFetchRead(baseUrl, API_KEY, UID)),
  ];
}
