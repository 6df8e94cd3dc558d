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
  /**
   * Records requests may create (customers, points movements, notifications, groups), all
   * collections together, until a reset; `Infinity` switches it off. Also the most Idempotency-Keys
   * whose answers are remembered (the oldest are forgotten first).
   */
  maxRecords: number;
  /** The most one stored record may take (recordBytes: its JSON plus a share per value); `Infinity` switches it off. */
  maxRecordBytes: number;
}

/** docs/decisions.md, "Reference server defaults". */
export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  rateLimit: Object.freeze({ limit: 100, windowMs: 1_000 }),
  groupActionsPerMinute: 10,
  maxGroupSize: 100_000,
  idempotencyTtlMs: 24 * 60 * 60 * 1_000,
  maxRecords: 10_000,
  maxRecordBytes: 16 * 1_024,
});
