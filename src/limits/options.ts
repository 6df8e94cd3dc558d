import { checkNames } from '../core/index.js';

/** The rates an API key is allowed. The spec gives no figures: they are those of your contract. */
export interface LimiterRates {
  /**
   * Requests per second of every client that shares the limiter with the same API key. Every
   * operation counts, each retry too.
   */
  requestsPerSecond: number;
  /**
   * Group actions (`grupos.puntos.add`, `grupos.etiquetas.add`) per minute of those clients; each
   * is a request as well.
   */
  groupActionsPerMinute: number;
}

/** How the limiters of this package hand out tokens, besides the rates. */
export interface LimiterPacing {
  /**
   * `true`: each second's request tokens go out evenly over it (one every 1/`requestsPerSecond`
   * s) instead of all at once when the second starts. Recommended for jobs and fleets that run at
   * the rate limit: bursts at a window's start meet the API's own window unaligned, and a 429
   * pauses every sharer for a whole second. Default `false`. Group actions are never spread.
   */
  spread?: boolean | undefined;
}

/** Options of `createMemoryLimiter`. */
export interface MemoryLimiterOptions extends LimiterRates, LimiterPacing {}

export const RATE_NAMES = [
  'requestsPerSecond',
  'groupActionsPerMinute',
] as const satisfies readonly (keyof LimiterRates)[];

/** Every option a limiter factory of this package takes besides its store. */
export const LIMITER_OPTION_NAMES = [...RATE_NAMES, 'spread'] as const;

const RATE_UNITS: Record<keyof LimiterRates, string> = {
  requestsPerSecond: 'requests per second',
  groupActionsPerMinute: 'group actions per minute',
};

/** Refuses a name not in `known`, naming the one it was probably meant to be. */
const throwTypeError = (message: string): never => {
  throw new TypeError(message);
};

function rate(options: Partial<LimiterRates>, name: keyof LimiterRates, what: string): number {
  const value: unknown = options[name];
  if (value === undefined) {
    throw new TypeError(
      `${what} needs ${name}: the ${RATE_UNITS[name]} your API key is allowed, a positive integer`,
    );
  }
  if (typeof value !== 'number') throw new TypeError(`${what} option ${name} must be a number`);
  // A bucket holds whole tokens: below one, no call could ever take one.
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${what} option ${name} must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * The rates in the options of the limiter factory `what`, checked: an object of `known` names
 * only (`RATE_NAMES` and the factory's own), both rates given as positive integers.
 */
export function readRates(
  options: unknown,
  what: string,
  known: readonly string[] = LIMITER_OPTION_NAMES,
): LimiterRates {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${what} takes an object: { requestsPerSecond, groupActionsPerMinute }`);
  }
  checkNames(options, known, `${what} option`, throwTypeError);
  const given = options as Partial<LimiterRates>;
  return {
    requestsPerSecond: rate(given, 'requestsPerSecond', what),
    groupActionsPerMinute: rate(given, 'groupActionsPerMinute', what),
  };
}

/** The `spread` option of the limiter factory `what`, checked: a boolean, `false` when absent. */
export function readSpread(options: LimiterPacing, what: string): boolean {
  if (options.spread === undefined) return false;
  if (typeof options.spread !== 'boolean') throw new TypeError(`${what} option spread must be true or false`);
  return options.spread;
}
