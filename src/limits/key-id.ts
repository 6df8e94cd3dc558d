import { sha256Hex } from './sha256.js';

/** Keeps these ids apart from any other hash of the same key. */
const DOMAIN = 'loyalty-sdk limiter key\u0000';

const idOf = (digest: string) => digest.slice(0, 32);

/**
 * The id a limiter knows an API key by: the first 128 bits of SHA-256 over the key, in hex. The
 * same key gives the same id in every process and runtime, so a shared store (Redis) meets the
 * same buckets; the key cannot be read back from it. A string where the runtime has node:crypto,
 * a promise of it where only Web Crypto is there (Workers without nodejs_compat).
 */
export function limiterKeyId(
  apiKey: string,
  hash: (text: string) => string | Promise<string> = sha256Hex,
): string | Promise<string> {
  const digest = hash(DOMAIN + apiKey);
  return typeof digest === 'string' ? idOf(digest) : digest.then(idOf);
}
