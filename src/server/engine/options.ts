import { checkNames, deeperThan, type Fail, failingWith, MAX_PRINTED_DEPTH } from '../../core/index.js';
import { isScope, unknownScopeMessage } from '../../operations/scopes.js';
import { type FaultOptions, type ResolvedFaults, resolveFaults } from '../faults/options.js';
import { DEFAULT_LIMITS, type RateLimit, type ServerLimits } from '../state/limits.js';
import type { SeedName } from '../state/seed.js';
import { type ApiKeyConfig, DEMO_KEYS } from './keys.js';

/**
 * The engine's options: those of `createReferenceServer`, `createTestClient` and the MSW handlers
 * (docs/reference-server.md, "From code") but the layers' around the engine (`ReferenceServerOptions`).
 */
export interface EngineOptions {
  keys?: readonly ApiKeyConfig[];
  seed?: SeedName;
  limits?: Partial<Omit<ServerLimits, 'rateLimit'>> & { rateLimit?: Partial<RateLimit> };
  /** Fault injection: latency, 5xx, dropped connections, 429 storms, stalled bodies. Off when absent. */
  faults?: FaultOptions;
  /**
   * The clock, in milliseconds since the epoch (default `Date.now`): rate-limit windows, the group
   * action limit, idempotency expiry and record dates follow it, so a test can move time.
   */
  now?: () => number;
  /** The request log behind the inspector and `GET /__admin/requests`: the newest `size` requests (default 1,000; 0 keeps none), each body up to `bodyChars` characters (default 16,384). */
  requestLog?: { size?: number; bodyChars?: number };
  /**
   * A token the admin routes and the inspector then require (`Authorization: Bearer <token>`, or
   * `?token=` for the page). Without one they answer only on a loopback bind. HTTP server only.
   */
  adminToken?: string;
}

/** The names of the engine's options. */
export const ENGINE_OPTION_NAMES: readonly (keyof EngineOptions)[] = [
  'keys',
  'seed',
  'limits',
  'now',
  'faults',
  'requestLog',
  'adminToken',
];

/** The engine's options as it runs with them: each checked, the defaults for the rest. */
export interface EngineSettings {
  keys: readonly ApiKeyConfig[];
  seed: SeedName;
  limits: ServerLimits;
  now: () => number;
  /** Undefined when fault injection is off. */
  faults: ResolvedFaults | undefined;
  requestLog: { size: number; bodyChars: number };
  adminToken: string | undefined;
}

const REQUEST_LOG_DEFAULTS = Object.freeze({ size: 1_000, bodyChars: 16_384 });

function checkRequestLog(given: EngineOptions['requestLog']): EngineSettings['requestLog'] {
  if (given === undefined) return { ...REQUEST_LOG_DEFAULTS };
  if (typeof given !== 'object' || given === null)
    failOption('requestLog must be an object: { size?, bodyChars? }');
  checkNamesAt('requestLog.', given, Object.keys(REQUEST_LOG_DEFAULTS));
  const size = given.size ?? REQUEST_LOG_DEFAULTS.size;
  if (!Number.isInteger(size) || size < 0)
    failOption(`requestLog.size must be an integer of 0 or more (got ${size})`);
  return {
    size,
    bodyChars: checkCount('requestLog.bodyChars', given.bodyChars ?? REQUEST_LOG_DEFAULTS.bodyChars, false),
  };
}

function checkAdminToken(token: unknown): string | undefined {
  if (token === undefined) return undefined;
  // Only its length is named: the token itself is never echoed.
  if (typeof token !== 'string' || token.length < 8 || /\s/.test(token))
    failOption('adminToken must be a string of at least 8 characters without spaces');
  return token;
}

/** Refuses a server option: a TypeError that says so. */
export const failOption: Fail = failingWith(
  (message) => new TypeError(`Invalid reference server options: ${message}`),
);

/** A count: a positive integer, or Infinity where a limit may be switched off. */
function checkCount(name: string, value: number, allowInfinity: boolean): number {
  const ok = (allowInfinity && value === Number.POSITIVE_INFINITY) || (Number.isInteger(value) && value >= 1);
  if (!ok)
    failOption(`${name} must be a positive integer${allowInfinity ? ' or Infinity' : ''} (got ${value})`);
  return value;
}

function checkKeys(keys: readonly ApiKeyConfig[]): readonly ApiKeyConfig[] {
  if (!Array.isArray(keys)) failOption('keys must be an array');
  const seen = new Set<string>();
  keys.forEach((entry, index) => {
    if (typeof entry?.key !== 'string' || entry.key.length === 0)
      failOption(`keys[${index}].key must be a non-empty string`);
    // Only the position is named: the key itself is never echoed.
    if (seen.has(entry.key)) failOption(`keys[${index}] repeats an earlier key`);
    seen.add(entry.key);
    if (entry.appId !== undefined && !Number.isInteger(entry.appId))
      failOption(`keys[${index}].appId must be an integer`);
    if (entry.scopes === '*') return;
    if (!Array.isArray(entry.scopes)) failOption(`keys[${index}].scopes must be '*' or an array of scopes`);
    for (const scope of entry.scopes) {
      if (!isScope(scope)) failOption(`keys[${index}].scopes holds an ${unknownScopeMessage(scope)}`);
    }
  });
  return keys;
}

function checkNamesAt(path: string, value: object, known: readonly string[]): void {
  checkNames(value, known, 'option', failOption, path);
}

/** The limits given, each checked, the defaults for the rest. */
function resolveLimits(given: NonNullable<EngineOptions['limits']>): ServerLimits {
  return {
    rateLimit: {
      limit: checkCount(
        'limits.rateLimit.limit',
        given.rateLimit?.limit ?? DEFAULT_LIMITS.rateLimit.limit,
        true,
      ),
      windowMs: checkCount(
        'limits.rateLimit.windowMs',
        given.rateLimit?.windowMs ?? DEFAULT_LIMITS.rateLimit.windowMs,
        false,
      ),
    },
    groupActionsPerMinute: checkCount(
      'limits.groupActionsPerMinute',
      given.groupActionsPerMinute ?? DEFAULT_LIMITS.groupActionsPerMinute,
      true,
    ),
    maxGroupSize: checkCount('limits.maxGroupSize', given.maxGroupSize ?? DEFAULT_LIMITS.maxGroupSize, true),
    idempotencyTtlMs: checkCount(
      'limits.idempotencyTtlMs',
      given.idempotencyTtlMs ?? DEFAULT_LIMITS.idempotencyTtlMs,
      false,
    ),
    maxRecords: checkCount('limits.maxRecords', given.maxRecords ?? DEFAULT_LIMITS.maxRecords, true),
    maxRecordBytes: checkCount(
      'limits.maxRecordBytes',
      given.maxRecordBytes ?? DEFAULT_LIMITS.maxRecordBytes,
      true,
    ),
  };
}

/**
 * The names of the options given, against `names` (the engine's, and those of the layers around
 * it), and their depth, all of them: deeper, the messages that quote a value given would run out
 * of stack.
 */
export function checkOptionNames(options: object, names: readonly string[]): void {
  checkNamesAt('', options, names);
  if (deeperThan(options, MAX_PRINTED_DEPTH))
    failOption(`the options nest deeper than ${MAX_PRINTED_DEPTH} levels`);
}

export function resolveEngineSettings(options: EngineOptions = {}): EngineSettings {
  checkOptionNames(options, ENGINE_OPTION_NAMES);
  checkNamesAt('limits.', options.limits ?? {}, Object.keys(DEFAULT_LIMITS));
  checkNamesAt('limits.rateLimit.', options.limits?.rateLimit ?? {}, Object.keys(DEFAULT_LIMITS.rateLimit));
  const seed = options.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'empty')
    failOption(`seed must be 'demo' or 'empty' (got ${JSON.stringify(seed)})`);
  const limits = resolveLimits(options.limits ?? {});
  return {
    keys: checkKeys(options.keys ?? DEMO_KEYS),
    seed,
    limits,
    now: options.now ?? Date.now,
    faults: resolveFaults(options.faults, failOption),
    requestLog: checkRequestLog(options.requestLog),
    adminToken: checkAdminToken(options.adminToken),
  };
}

/** What the inspector's fault switch turns on when the server was started without fault options. */
export const SWITCHED_ON_FAULTS = resolveFaults(
  { seed: 1, rates: { serverError: 0.1, rateLimitStorm: 0.05 } },
  failOption,
) as ResolvedFaults;
