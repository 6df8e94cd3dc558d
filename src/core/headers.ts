/**
 * The request headers the spec names, spelled as it spells them. Over HTTP/1.1 node:http and
 * undici hand header names over in lower case, hence `IDEMPOTENCY_HEADER_NAME`.
 */

/** Carries the API key of every request. */
export const API_KEY_HEADER = 'apikey';

/** Carries a write's idempotency key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** `Idempotency-Key` as the lower-cased header maps of node:http, undici and fetch spell it. */
export const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase();

/**
 * `Idempotent-Replayed: true` marks the answer to a write whose key was used before: the first
 * answer given again, nothing applied again. Lower-cased, as the header maps spell it.
 */
export const REPLAYED_HEADER_NAME = 'idempotent-replayed';
