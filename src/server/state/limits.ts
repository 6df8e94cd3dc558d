export interface RateLimit {
  /** Requests allowed per window; `Infinity` disables the limit. */
  limit: number;
  windowMs: number;
}

export interface ServerLimits {
  rateLimit: RateLimit;
  groupActionsPerMinute: number;
  maxGroupSize: number;
  idempotencyTtlMs: number;
}

/** docs/decisions.md, "Reference server defaults". */
export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  rateLimit: Object.freeze({ limit: 100, windowMs: 1_000 }),
  groupActionsPerMinute: 10,
  maxGroupSize: 100_000,
  idempotencyTtlMs: 24 * 60 * 60 * 1_000,
});
