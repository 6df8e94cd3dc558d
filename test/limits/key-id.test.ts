/** A limiter knows an API key by its id: the same in every process, never the key in clear. */
import { describe, expect, it } from 'vitest';
import { limiterKeyId } from '../../src/limits/index.js';
import { sha256HexNode, sha256HexWeb } from '../../src/limits/sha256.js';

const KEY = 'lk_live_4f9a2c7e1b8d3a6f';

describe('limiterKeyId', () => {
  it('is 32 hex characters (128 bits of SHA-256) and holds no part of the key', () => {
    const id = limiterKeyId(KEY);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toContain(KEY.slice(3, 11));
  });

  it('is the same for the same key, every time: processes sharing a store meet the same buckets', () => {
    expect(limiterKeyId(KEY)).toBe(limiterKeyId(`${KEY}`));
  });

  it('differs for keys that differ in one character', () => {
    expect(limiterKeyId(KEY)).not.toBe(limiterKeyId(`${KEY.slice(0, -1)}e`));
  });

  it('is not the plain SHA-256 of the key: the ids are kept apart from other hashes of it', async () => {
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(KEY).digest('hex')).not.toContain(limiterKeyId(KEY));
  });

  it('is the same through Web Crypto, where the runtime has no node:crypto (Workers without nodejs_compat)', async () => {
    const web = limiterKeyId(KEY, sha256HexWeb);
    expect(web).toBeInstanceOf(Promise);
    expect(await web).toBe(limiterKeyId(KEY, (text) => sha256HexNode(text) as string));
    expect(await web).toBe(limiterKeyId(KEY));
  });
});
