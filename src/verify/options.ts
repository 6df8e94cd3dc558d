import type { Dispatcher } from 'undici';
import { type ApiUrl, resolveApiUrl } from '../client/base-url.js';
import { LoyaltyError } from '../client/errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../client/options.js';
import { checkNames, type Fail, failingWith } from '../core/index.js';
import { findOperation, type Operation, operations } from '../operations/table.js';
import { checkProfile } from '../server/internal.js';
import { realClock, type VerifyClock } from './pacer.js';
import { idProblem, SAMPLE_NAMES } from './sample-rules.js';
import type { Samples, ServiceProfile, VerifyMode, VerifyOptions, VerifyProgress } from './types.js';

export const DEFAULT_MAX_REQUESTS_PER_SECOND = 2;

/**
 * How long one probe may take, headers and body: an answer of this API comes in well under a
 * second, and a run stops at the first probe that times out, so a hung service costs this once.
 */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

/** The options of a run, checked; the key is kept here and nowhere else. */
export interface ResolvedVerifyOptions {
  api: ApiUrl;
  apiKey: string;
  mode: VerifyMode;
  /** The operations asked for, in the table's order; all of them when none was named. */
  operations: readonly Operation[];
  samples: Samples;
  maxRequestsPerSecond: number;
  timeoutMs: number;
  maxResponseBytes: number;
  signal: AbortSignal | undefined;
  onProgress: ((progress: VerifyProgress) => void) | undefined;
  profile: ServiceProfile | undefined;
  dispatcher: Dispatcher | undefined;
  /** Real time; a test's virtual clock through `verifyServiceWithClock`. */
  clock: VerifyClock;
}

const OPTION_NAMES = [
  'baseUrl',
  'apiKey',
  'mode',
  'operations',
  'samples',
  'maxRequestsPerSecond',
  'timeoutMs',
  'signal',
  'onProgress',
  'profile',
  'dispatcher',
] as const satisfies readonly (keyof VerifyOptions)[];

const failVerifyOption: Fail = failingWith(
  (message) => new LoyaltyError(`Invalid verify options: ${message}`),
);

function checkSamples(samples: unknown): Samples {
  if (samples === undefined) return {};
  if (typeof samples !== 'object' || samples === null) failVerifyOption('samples must be an object');
  checkNames(samples, SAMPLE_NAMES, 'sample', failVerifyOption, 'samples.');
  const out: Samples = {};
  for (const name of SAMPLE_NAMES) {
    const values = (samples as Record<string, unknown>)[name];
    if (values === undefined) continue;
    if (!Array.isArray(values)) failVerifyOption(`samples.${name} must be an array`);
    values.forEach((value, index) => {
      const problem = idProblem(name, value);
      if (problem !== undefined)
        failVerifyOption(`samples.${name}[${index}] is not a valid ${name}: ${problem}`);
    });
    (out as Record<string, unknown>)[name] = [...values];
  }
  return out;
}

function checkOperations(ids: unknown): readonly Operation[] {
  if (ids === undefined) return operations;
  if (!Array.isArray(ids) || ids.length === 0)
    failVerifyOption('operations must be a non-empty array of operation ids');
  for (const id of ids) {
    if (findOperation(String(id)) === undefined)
      failVerifyOption(`operations names an unknown operation: ${JSON.stringify(id)}`);
  }
  return operations.filter((operation) => ids.includes(operation.id));
}

function checkRate(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_REQUESTS_PER_SECOND;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    failVerifyOption('maxRequestsPerSecond must be a number greater than 0');
  return value;
}

function checkTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_PROBE_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    failVerifyOption('timeoutMs must be a number of milliseconds greater than 0');
  return value;
}

/**
 * Checks the options of `verifyService` and `planVerification`. `needKey`: a plan sends nothing,
 * so it needs no key and no address. Messages never hold the key.
 */
export function resolveVerifyOptions(
  options: VerifyOptions = {},
  needKey = true,
  env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env,
): ResolvedVerifyOptions {
  if (typeof options !== 'object' || options === null) failVerifyOption('options must be an object');
  checkNames(options, OPTION_NAMES, 'option', failVerifyOption);
  const mode = options.mode ?? 'safe';
  if (mode !== 'safe' && mode !== 'sandbox')
    failVerifyOption(`mode must be 'safe' or 'sandbox' (got ${JSON.stringify(mode)})`);
  // An empty variable counts as unset.
  const baseUrl = options.baseUrl ?? (env.LOYALTY_BASE_URL || undefined);
  const apiKey = options.apiKey ?? env.LOYALTY_API_KEY ?? '';
  if (needKey && baseUrl === undefined) failVerifyOption('baseUrl is required (or set LOYALTY_BASE_URL)');
  if (needKey && apiKey === '') failVerifyOption('apiKey is required (or set LOYALTY_API_KEY)');
  if (typeof apiKey !== 'string') failVerifyOption('apiKey must be a string');
  return {
    api: baseUrl === undefined ? { origin: '', basePath: '/ext/v3' } : resolveApiUrl(baseUrl),
    apiKey,
    mode,
    operations: checkOperations(options.operations),
    samples: checkSamples(options.samples),
    maxRequestsPerSecond: checkRate(options.maxRequestsPerSecond),
    timeoutMs: checkTimeout(options.timeoutMs),
    // What the SDK would read of an answer, so an answer it refuses is one verify reports.
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    signal: options.signal,
    onProgress: options.onProgress,
    profile: checkProfile(options.profile, failVerifyOption),
    dispatcher: options.dispatcher,
    clock: realClock,
  };
}
