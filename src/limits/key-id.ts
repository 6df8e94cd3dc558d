/** Keeps these ids apart from any other hash of the same key. */
const DOMAIN = 'loyalty-sdk limiter key\u0000';

/**
 * The id a limiter knows an API key by: the first 128 bits of SHA-256 over the key, in hex. The
 * same key gives the same id in every process, so a shared store (Redis) meets the same buckets;
 * the key cannot be read back from it.
 */
export function limiterKeyId(apiKey: string): string {
  // Fetched here, not imported: the main entry loads no crypto for clients without a limiter.
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(DOMAIN).update(apiKey).digest('hex').slice(0, 32);
}
