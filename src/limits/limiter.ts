/**
 * What a call takes a token for. Every call is a `request`; a `groupAction` (an operation the
 * table marks `groupAction: true`) takes a token of both buckets: requests per second and group
 * actions per minute.
 */
export type LimitKind = 'request' | 'groupAction';

/** The buckets of one API key, as a client uses them before and after each attempt. */
export interface KeyLimiter {
  /**
   * Resolves when a token of `kind` is taken. Rejects when `signal` aborts, and then holds no
   * token: one it took for a group action is given back.
   */
  acquire(kind: LimitKind, signal: AbortSignal | undefined): Promise<void>;
  /**
   * A call of `kind` was answered 429: no sharer of this key gets a token of that bucket for `ms`
   * (the limiters of this package round it up to whole seconds). A shorter pause never cuts a
   * longer one short. `ms` of 0 pauses nothing.
   */
  pause(kind: LimitKind, ms: number): Promise<void>;
}

/**
 * A rate limiter that clients share (the `limiter` client option): `createMemoryLimiter` for one
 * process. Buckets are per API key: clients with the same key share them, clients with different
 * keys do not. The limiter knows a key only by its id (a hash), never in clear.
 */
export interface Limiter {
  /** The buckets of the key whose id is `keyId`; the same id always reaches the same buckets. */
  forKey(keyId: string): KeyLimiter;
}
