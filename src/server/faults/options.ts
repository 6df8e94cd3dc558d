import type { FaultKind, FaultOptions } from '../answers/response.js';

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

type Fail = (message: string) => never;

const OPTION_NAMES = [
  'seed',
  'latencyMs',
  'rates',
  'retryAfterSeconds',
  'stormLength',
  'stallMs',
  'sequence',
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkNames(where: string, value: Record<string, unknown>, known: readonly string[], fail: Fail) {
  for (const name of Object.keys(value)) {
    if (!known.includes(name)) fail(`unknown option ${where}${name} (known: ${known.join(', ')})`);
  }
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
  checkNames('faults.rates.', given, FAULT_KINDS, fail);
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
  checkNames('faults.', value, OPTION_NAMES, fail);
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
