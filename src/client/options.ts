import type { Dispatcher } from 'undici';
import type { GroupActionBudget } from '../bulk/budget.js';
import { API_KEY_HEADER, checkNames, fail, IDEMPOTENCY_HEADER_NAME } from '../core/index.js';
import type { Limiter } from '../limits/limiter.js';
import { HEADER_VALUE } from '../operations/fields.js';
import { inBrowser } from '../runtime.js';
import { appProduct } from './app-info.js';
import { type ApiUrl, resolveApiUrl } from './base-url.js';
import { LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
import { userAgent } from './request.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import type { FetchLike } from './transport.js';

export interface ClientOptions {
  /** Default: `process.env.LOYALTY_API_KEY`. */
  apiKey?: string | undefined;
  /** The spec's `{base_url}`; the SDK adds `/ext/v3`. Default: `process.env.LOYALTY_BASE_URL`. */
  baseUrl?: string | undefined;
  /** Per attempt, headers and body together. Default 30 000. */
  timeoutMs?: number | undefined;
  /**
   * The largest answer read, in bytes, counted as they arrive (decoded bytes on the `fetch`
   * transport). A larger one is `LoyaltyResponseTooLargeError`, never retried. Default 33 554 432 (32 MiB).
   */
  maxResponseBytes?: number | undefined;
  /** Retries after the first attempt. Default 2; 0 disables. */
  maxRetries?: number | undefined;
  /** The longest `Retry-After` the client waits for before retrying. Default 60 000. */
  maxRetryAfterMs?: number | undefined;
  /**
   * The wait before the first retry of an answer without `Retry-After`, doubled for each retry
   * after it (with jitter: a random point in its upper half). Default 500.
   */
  retryBaseDelayMs?: number | undefined;
  /** The longest of those waits. Default 8 000; at least `retryBaseDelayMs`. */
  retryMaxDelayMs?: number | undefined;
  /** An undici Dispatcher (ProxyAgent, MockAgent, a custom Agent). */
  dispatcher?: Dispatcher | undefined;
  /** A WHATWG fetch to send with instead of undici, e.g. `globalThis.fetch` under MSW. Default: undici on Node, the runtime's `fetch` elsewhere. */
  fetch?: FetchLike | undefined;
  /**
   * Lets a client be made in a web page, where anyone who opens the page can read the API key.
   * Default false: in a browser the constructor throws. For local tools and tests only.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Default: `console`. The API key never reaches it. */
  logger?: Logger | undefined;
  /** Default: `process.env.LOYALTY_LOG`, else `warn`. */
  logLevel?: LogLevel | undefined;
  /** Headers sent on every request. `apikey`, `Idempotency-Key` and `Content-Type` are the SDK's. */
  defaultHeaders?: Record<string, string> | undefined;
  /**
   * Your application, appended to the SDK's own User-Agent:
   * `loyalty-sdk/<version> node/<version> <name>/<version>`.
   */
  appInfo?:
    | {
        /** A token: letters, digits and ``!#$%&'*+-.^_`|~``, e.g. `pos-sync`. */
        name: string;
        /** A token as well, e.g. `2.4.1`. */
        version?: string | undefined;
      }
    | undefined;
  /**
   * Rate limits shared with other clients: each attempt of each call (retries too) waits for a
   * token first, and a 429 pauses every client sharing the limiter with this API key, e.g.
   * `createMemoryLimiter({ requestsPerSecond: 100, groupActionsPerMinute: 10 })`. Default: none.
   */
  limiter?: Limiter | undefined;
  /**
   * Spans and metrics through `@opentelemetry/api` when it is installed and an SDK registered, and
   * events on the `loyalty-sdk:request` diagnostics channel when something subscribes
   * (docs/telemetry.md). Default true; false turns all of it off.
   */
  telemetry?: boolean | undefined;
  /** Send the active trace's `traceparent` (the registered propagator's headers) with each call. Default true. */
  propagateTraceContext?: boolean | undefined;
}

export interface RequestOptions {
  /** The key to send as `Idempotency-Key` (8..128 printable characters). Writes only. */
  idempotencyKey?: string | undefined;
  timeoutMs?: number | undefined;
  /** This call's limit on the answer's size, in bytes; the client's `maxResponseBytes` otherwise. */
  maxResponseBytes?: number | undefined;
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  /**
   * Group actions only: run the dry run first and apply only when its `afectados` and
   * `costoEstimado` (in absolute value) are within these limits; else `LoyaltyBudgetError`.
   */
  budget?: GroupActionBudget | undefined;
}

/**
 * The request options of a read (a GET: its row takes no Idempotency-Key): all but
 * `idempotencyKey`, which a read refuses with `LoyaltyValidationError`.
 */
export type ReadRequestOptions = Omit<RequestOptions, 'idempotencyKey'>;

export interface ResolvedClientOptions {
  apiKey: string;
  /** Base URL with `/ext/v3`, no trailing slash: `origin` + `basePath`. */
  apiUrl: string;
  origin: string;
  basePath: string;
  timeoutMs: number;
  maxResponseBytes: number;
  maxRetries: number;
  maxRetryAfterMs: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  dispatcher: Dispatcher | undefined;
  fetch: FetchLike | undefined;
  logger: Logger;
  logLevel: LogLevel;
  /** The caller's headers, lower-cased, with the User-Agent that `appInfo` makes, if given. */
  defaultHeaders: Record<string, string>;
  limiter: Limiter | undefined;
  telemetry: boolean;
  propagateTraceContext: boolean;
}

export const CLIENT_OPTION_NAMES = [
  'apiKey',
  'baseUrl',
  'timeoutMs',
  'maxResponseBytes',
  'maxRetries',
  'maxRetryAfterMs',
  'retryBaseDelayMs',
  'retryMaxDelayMs',
  'dispatcher',
  'fetch',
  'dangerouslyAllowBrowser',
  'logger',
  'logLevel',
  'defaultHeaders',
  'appInfo',
  'limiter',
  'telemetry',
  'propagateTraceContext',
] as const satisfies readonly (keyof ClientOptions)[];

/** Headers whose value the SDK decides; set them through the options that own them. */
const RESERVED_HEADERS: Record<string, string> = {
  [API_KEY_HEADER]: 'the apiKey option',
  [IDEMPOTENCY_HEADER_NAME]: 'the idempotencyKey request option',
  'content-type': 'nothing: the SDK sends JSON',
  'content-length': 'nothing: the SDK computes it',
};

function nonNegativeInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(`${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

/** The default `maxResponseBytes`: about a thousand times the largest answer of this API (docs/decisions.md). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

function positiveByteCount(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    fail(`${name} must be a positive whole number of bytes, got ${String(value)}`);
  }
  return value;
}

function positiveNumber(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    fail(`${name} must be a positive number of milliseconds, got ${String(value)}`);
  }
  return value;
}

/** Checks caller headers: no control characters, none of the SDK's own. Names are lower-cased. */
export function checkHeaders(
  headers: Record<string, string> | undefined,
  what: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  if (typeof headers !== 'object' || headers === null)
    fail(`${what} must be an object of header names to strings`);
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) fail(`${what}: "${name}" is not a valid header name`);
    const owner = RESERVED_HEADERS[lower];
    if (owner) fail(`${what}: the header "${name}" is set by the SDK; use ${owner}`);
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      fail(`${what}: the value of "${name}" must be a string without CR, LF or other control characters`);
    }
    out[lower] = value;
  }
  return out;
}

/** The caller's default headers, plus the User-Agent naming the application when `appInfo` is given. */
function resolveDefaultHeaders(options: ClientOptions): Record<string, string> {
  const headers = checkHeaders(options.defaultHeaders, 'defaultHeaders');
  const product = appProduct(options.appInfo);
  if (product === undefined) return headers;
  if (headers['user-agent'] !== undefined)
    fail('Give either appInfo or a User-Agent in defaultHeaders, not both');
  headers['user-agent'] = userAgent(product);
  return headers;
}

function checkLimiter(limiter: unknown): Limiter | undefined {
  if (limiter === undefined) return undefined;
  if (typeof (limiter as Partial<Limiter> | null)?.forKey !== 'function')
    fail(
      'limiter must be a limiter, such as createMemoryLimiter({ requestsPerSecond, groupActionsPerMinute }) makes',
    );
  return limiter as Limiter;
}

/** The environment's variables where the runtime has `process` (Node, Bun, Deno); none elsewhere (Workers). */
export const environment = (): Record<string, string | undefined> =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};

/** The key given or found in the environment; never shown in a message, only described. */
function checkApiKey(apiKey: unknown): string {
  // Only the type is named: the value may be the key itself, in a wrapper.
  if (apiKey !== undefined && typeof apiKey !== 'string')
    fail(`apiKey must be a string, got ${kindOf(apiKey)}: pass the key itself or set LOYALTY_API_KEY`);
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    fail('Missing API key: pass apiKey or set LOYALTY_API_KEY');
  }
  if (!HEADER_VALUE.test(apiKey) || apiKey !== apiKey.trim()) {
    fail('The API key holds control characters or surrounding spaces; copy it again from the dashboard');
  }
  return apiKey;
}

function checkBaseUrl(baseUrl: string | undefined): ApiUrl {
  if (!baseUrl)
    fail(
      'Missing base URL: pass baseUrl or set LOYALTY_BASE_URL (the service address, e.g. https://api.example.com)',
    );
  return resolveApiUrl(baseUrl);
}

export function resolveClientOptions(options: ClientOptions = {}): ResolvedClientOptions {
  const env = environment();
  if (typeof options !== 'object' || options === null) fail('LoyaltyClient options must be an object');
  checkNames(options, CLIENT_OPTION_NAMES, 'LoyaltyClient option');
  if (inBrowser() && options.dangerouslyAllowBrowser !== true) {
    fail(
      'LoyaltyClient refuses to run in a browser: anyone who opens the page could read the API key. ' +
        'Call the API from your backend; for a local tool or a test, pass dangerouslyAllowBrowser: true.',
    );
  }
  const apiKey = checkApiKey(options.apiKey ?? env.LOYALTY_API_KEY);
  const logLevel = options.logLevel ?? (env.LOYALTY_LOG as LogLevel | undefined) ?? 'warn';
  if (!LOG_LEVELS.includes(logLevel))
    fail(`logLevel must be one of ${LOG_LEVELS.join(', ')}, got ${logLevel}`);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') fail('fetch must be a function');
  if (options.fetch && options.dispatcher) fail('Give either fetch or dispatcher, not both');
  const { origin, basePath } = checkBaseUrl(options.baseUrl ?? env.LOYALTY_BASE_URL);
  const retryBaseDelayMs = nonNegativeInteger(
    options.retryBaseDelayMs,
    'retryBaseDelayMs',
    DEFAULT_RETRY_POLICY.baseDelayMs,
  );
  const retryMaxDelayMs = nonNegativeInteger(
    options.retryMaxDelayMs,
    'retryMaxDelayMs',
    Math.max(DEFAULT_RETRY_POLICY.maxDelayMs, retryBaseDelayMs),
  );
  if (retryMaxDelayMs < retryBaseDelayMs) {
    fail(`retryMaxDelayMs (${retryMaxDelayMs}) must be at least retryBaseDelayMs (${retryBaseDelayMs})`);
  }
  return {
    apiKey,
    apiUrl: `${origin}${basePath}`,
    origin,
    basePath,
    timeoutMs: positiveNumber(options.timeoutMs, 'timeoutMs', 30_000),
    maxResponseBytes: positiveByteCount(
      options.maxResponseBytes,
      'maxResponseBytes',
      DEFAULT_MAX_RESPONSE_BYTES,
    ),
    maxRetries: nonNegativeInteger(options.maxRetries, 'maxRetries', DEFAULT_RETRY_POLICY.maxRetries),
    maxRetryAfterMs: nonNegativeInteger(
      options.maxRetryAfterMs,
      'maxRetryAfterMs',
      DEFAULT_RETRY_POLICY.maxRetryAfterMs,
    ),
    retryBaseDelayMs,
    retryMaxDelayMs,
    dispatcher: options.dispatcher,
    fetch: options.fetch,
    logger: options.logger ?? console,
    logLevel,
    defaultHeaders: resolveDefaultHeaders(options),
    limiter: checkLimiter(options.limiter),
    telemetry: booleanOption(options.telemetry, 'telemetry', true),
    propagateTraceContext: booleanOption(options.propagateTraceContext, 'propagateTraceContext', true),
  };
}

/** `a number`, `an object`: what a value is, without showing it. */
function kindOf(value: unknown): string {
  const kind = typeof value;
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}

function booleanOption(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') fail(`${name} must be true or false, got ${String(value)}`);
  return value;
}

export { nonNegativeInteger, positiveByteCount, positiveNumber };
