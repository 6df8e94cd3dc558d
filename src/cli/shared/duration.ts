import { UsageError } from './usage-error.js';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A flag's duration (`24h`, `90m`, `3600s`, `2d`, `500ms`) in milliseconds, at least `minMs`; undefined when not given. */
export function duration(value: string | undefined, flag: string, minMs: number): number | undefined {
  if (value === undefined) return undefined;
  const found = /^(\d+)(ms|s|m|h|d)$/.exec(value.trim());
  const ms = found === null ? Number.NaN : Number(found[1]) * UNIT_MS[found[2] as keyof typeof UNIT_MS];
  if (!(ms >= minMs))
    throw new UsageError(
      `${flag} takes a duration of at least ${minMs / 1_000} s such as 24h, 90m or 3600s, got ${JSON.stringify(value)}`,
    );
  return ms;
}
