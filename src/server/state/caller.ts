import type { Scope } from '../../operations/scopes.js';

/** Who is calling: everything the server keeps about a key. The key itself is not kept. */
export interface Caller {
  /** `key_` and the first 12 hex digits of the key's SHA-256: safe to show and log. */
  readonly keyId: string;
  readonly appId: number;
  readonly scopes: ReadonlySet<Scope>;
}
