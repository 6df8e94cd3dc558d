import { checkNames, type Fail, isObject } from '../../core/index.js';
/** The faults the reference server can inject on /ext/v3 requests (docs/reliability.md). */
export type FaultKind =
  /** A 500 envelope; the request is not processed. */
  | 'serverError'
  /** The connection ends with no answer; the request is not processed. */
  | 'dropBeforeProcessing'
  /** The request is processed and its effect committed, then the connection ends with no answer. */
  | 'dropAfterCommit'
  /** A burst of 429 answers with `Retry-After`; the requests are not processed. */
  | 'rateLimitStorm'
  /** The request is processed, then its answer stops half-way through the body. */
  | 'stallBody';

/** Fault injection (off when absent). Every random choice comes from a generator seeded with `seed`. */
export interface FaultOptions {
  /** An integer 0..4294967295: the same seed gives the same schedule of faults. */
  seed: number;
  /** Added before every /ext/v3 answer: a fixed delay, or a [min, max] range drawn per request. Default 0. */
  latencyMs?: number | readonly [number, number];
  /** The share (0..1) of /ext/v3 requests that get each fault; together at most 1. Default 0 each. */
  rates?: Partial<Record<FaultKind, number>>;
  /** `Retry-After` of the 429 storm answers, in whole seconds (at least 1). Default 1. */
  retryAfterSeconds?: number;
  /** How many consecutive requests one 429 storm answers. Default 5. */
  stormLength?: number;
  /** How long a stalled body hangs before the server ends the connection. Default 30 000. */
  stallMs?: number;
  /** Faults of the first requests, in order (`'none'`: a normal answer; a storm here is one 429); the random draws follow. */
  sequence?: readonly (FaultKind | 'none')[];
}

/** What fault injection did since the engine started (or since `reset()`). */
export interface FaultReport {
  seed: number;
  /** /ext/v3 requests that went through fault injection (with a known route and key). */
  requests: number;
  /** Requests that got each fault. */
  injected: Record<FaultKind, number>;
  /** Requests answered after an added latency of more than 0 ms. */
  delayed: number;
}

export const FAULT_KINDS: readonly FaultKind[] = Object.freeze([
  'serverError',
  'dropBeforeProcessing',
  'dropAfterCommit',
  'rateLimitStorm',
  'stallBody',
]);

export const FAULT_DEFAULTS = Object.freeze({ retryAfterSeconds: 1, stormLength: 5, stallMs: 30_000 });

/** setTimeout's longest delay. */
const MAX_MS = 2_147_483_647;

export interface ResolvedFaults {
  seed: number;
  latencyMs: readonly [min: number, max: number];
  rates: Readonly<Record<FaultKind, number>>;
  /**
   * One uniform draw picks the fault: the first entry whose `below` exceeds it. A storm answers
   * `stormLength` requests, so it starts with its rate divided by that length.
   */
  draw: readonly { kind: FaultKind; below: number }[];
  retryAfterSeconds: number;
  stormLength: number;
  stallMs: number;
  /** `undefined`: no fault for that request. */
  sequence: readonly (FaultKind | undefined)[];
}

const OPTION_NAMES = [
  'seed',
  'latencyMs',
  'rates',
  'retryAfterSeconds',
  'stormLength',
  'stallMs',
  'sequence',
];

function checkNamesAt(path: string, value: Record<string, unknown>, known: readonly string[], fail: Fail) {
  checkNames(value, known, 'option', fail, path);
}

function integer(name: string, value: unknown, min: number, max: number, fail: Fail): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be an integer from ${min} to ${max} (got ${String(value)})`);
  return value;
}

function latencyOf(value: unknown, fail: Fail): readonly [number, number] {
  if (value === undefined) return [0, 0];
  const range = Array.isArray(value) ? value : [value, value];
  const [min, max] = range as unknown[];
  const ok =
    range.length === 2 &&
    typeof min === 'number' &&
    typeof max === 'number' &&
    Number.isFinite(min) &&
    Number.isFinite(max) &&
    min >= 0 &&
    min <= max &&
    max <= MAX_MS;
  if (!ok)
    fail(
      `faults.latencyMs must be milliseconds (at least 0) or [min, max] with min <= max (got ${JSON.stringify(value)})`,
    );
  return [min as number, max as number];
}

function ratesOf(value: unknown, fail: Fail): Record<FaultKind, number> {
  if (value !== undefined && !isObject(value)) fail('faults.rates must be an object of fault kinds to 0..1');
  const given = value ?? {};
  checkNamesAt('faults.rates.', given, FAULT_KINDS, fail);
  const rates = {} as Record<FaultKind, number>;
  let total = 0;
  for (const kind of FAULT_KINDS) {
    const rate = given[kind] ?? 0;
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1))
      fail(`faults.rates.${kind} must be a number from 0 to 1 (got ${String(rate)})`);
    rates[kind] = rate;
    total += rate;
  }
  // A little slack for decimal sums such as 0.1 + 0.2 + 0.7.
  if (total > 1 + 1e-9) fail(`faults.rates add up to ${total}; together they must be at most 1`);
  return rates;
}

function sequenceOf(value: unknown, fail: Fail): (FaultKind | undefined)[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('faults.sequence must be an array of fault kinds or "none"');
  return value.map((entry, index) => {
    if (entry === 'none') return undefined;
    if (!FAULT_KINDS.includes(entry))
      fail(
        `faults.sequence[${index}] must be "none" or one of ${FAULT_KINDS.join(', ')} (got ${JSON.stringify(entry)})`,
      );
    return entry as FaultKind;
  });
}

/** Checks the `faults` option and fills its defaults; `undefined` when fault injection is off. */
export function resolveFaults(value: FaultOptions | undefined, fail: Fail): ResolvedFaults | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) fail('faults must be an object');
  checkNamesAt('faults.', value, OPTION_NAMES, fail);
  const seed = integer('faults.seed', value.seed, 0, 0xffff_ffff, fail);
  const rates = ratesOf(value.rates, fail);
  const stormLength = integer(
    'faults.stormLength',
    value.stormLength ?? FAULT_DEFAULTS.stormLength,
    1,
    1_000_000,
    fail,
  );
  let below = 0;
  const draw = FAULT_KINDS.filter((kind) => rates[kind] > 0).map((kind) => {
    below += kind === 'rateLimitStorm' ? rates[kind] / stormLength : rates[kind];
    return { kind, below };
  });
  return {
    seed,
    latencyMs: latencyOf(value.latencyMs, fail),
    rates,
    draw,
    retryAfterSeconds: integer(
      'faults.retryAfterSeconds',
      value.retryAfterSeconds ?? FAULT_DEFAULTS.retryAfterSeconds,
      1,
      86_400,
      fail,
    ),
    stormLength,
    stallMs: integer('faults.stallMs', value.stallMs ?? FAULT_DEFAULTS.stallMs, 1, MAX_MS, fail),
    sequence: sequenceOf(value.sequence, fail),
  };
}
