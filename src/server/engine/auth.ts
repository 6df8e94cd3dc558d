import { hash } from 'node:crypto';
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
  const byDigest = new Map<string, Caller>();
  for (const config of keys) {
    byDigest.set(
      hash('sha256', config.key, 'base64'),
      Object.freeze({
        keyId: keyIdOf(config.key),
        appId: config.appId ?? DEFAULT_APP_ID,
        scopes: new Set(config.scopes === '*' ? SCOPES : config.scopes),
      }),
    );
  }
  return {
    authenticate(presented) {
      if (!presented) return undefined;
      // Only digests are looked up: every presented key becomes 44 characters that say nothing
      // about how much of a real key it matches, however the lookup compares them.
      return byDigest.get(hash('sha256', presented, 'base64'));
    },
  };
}
