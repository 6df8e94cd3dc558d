// @ts-check
/**
 * The openapi-fetch candidate: a client typed with the `paths` of openapi-types.d.ts, which
 * openapi-types.mjs generates from the SDK's OpenAPI document at bench time (run.mjs, before the
 * candidates are made). The generated file is not in the repository, so `npm run typecheck` leaves
 * this file out (tsconfig.json excludes it, and candidates.mjs loads it by URL); the editor checks
 * it against the generated types once a bench has run.
 */
import createClient from 'openapi-fetch';

/**
 * @param {string} baseUrl
 * @param {string} apiKey
 * @param {string} uid
 * @returns {() => Promise<unknown>} one read of customer `uid`
 */
export function openapiFetchRead(baseUrl, apiKey, uid) {
  /** @type {import('openapi-fetch').Client<import('./openapi-types').paths>} */
  const typed = createClient({ baseUrl, headers: { apikey: apiKey } });
  return async () => {
    const { data } = await typed.GET('/ext/v3/clientes/{uid}', { params: { path: { uid } } });
    return data;
  };
}
