import { hash, timingSafeEqual } from 'node:crypto';
import { SCOPES } from '../../operations/scopes.js';
import type { Caller } from '../state/caller.js';
import { type ApiKeyConfig, DEFAULT_APP_ID } from './keys.js';

export function keyIdOf(key: string): string {
  return `key_${hash('sha256', key, 'hex').slice(0, 12)}`;
}

export interface KeyRegistry {
  /** The caller a presented `apikey` header stands for, or undefined when it is missing or unknown. */
  authenticate(presented: string | undefined): Caller | undefined;
}

export function createKeyRegistry(keys: readonly ApiKeyConfig[]): KeyRegistry {
  const byDigest = new Map<string, { digest: Buffer; caller: Caller }>();
  for (const config of keys) {
    const digest = hash('sha256', config.key, 'base64');
    const caller: Caller = Object.freeze({
      keyId: keyIdOf(config.key),
      appId: config.appId ?? DEFAULT_APP_ID,
      scopes: new Set(config.scopes === '*' ? SCOPES : config.scopes),
    });
    byDigest.set(digest, { digest: Buffer.from(digest, 'latin1'), caller });
  }
  return {
    authenticate(presented) {
      if (!presented) return undefined;
      // Only digests are looked up and compared: every presented key becomes 44 characters that
      // say nothing about how much of a real key it matches. The last comparison is constant-time too.
      const digest = hash('sha256', presented, 'base64');
      const entry = byDigest.get(digest);
      if (!entry || !timingSafeEqual(entry.digest, Buffer.from(digest, 'latin1'))) return undefined;
      return entry.caller;
    },
  };
}
