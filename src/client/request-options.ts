import { checkNames } from '../core/index.js';
import { LoyaltyError } from './errors.js';
import {
  checkHeaders,
  nonNegativeInteger,
  positiveByteCount,
  positiveNumber,
  type RequestOptions,
} from './options.js';
import type { RetryPolicy } from './retry.js';

const REQUEST_OPTION_NAMES = [
  'idempotencyKey',
  'timeoutMs',
  'maxRetries',
  'signal',
  'headers',
  'budget',
  'maxResponseBytes',
] as const satisfies readonly (keyof RequestOptions)[];

/** The options of a call given none: one shared object, which needs no checking. */
export const NO_OPTIONS: RequestOptions = Object.freeze({});

/** Checks the shape of a call's options: an object, only known names, a real AbortSignal. */
export function checkRequestOptions(options: RequestOptions): void {
  if (options === NO_OPTIONS) return;
  if (typeof options !== 'object' || options === null)
    throw new LoyaltyError('Request options must be an object');
  checkNames(options, REQUEST_OPTION_NAMES, 'request option');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new LoyaltyError('signal must be an AbortSignal');
  }
}

/** The call's retry policy: the client's, with the call's own `maxRetries` when it gives one. */
export function policyFor(clientPolicy: RetryPolicy, options: RequestOptions): RetryPolicy {
  if (options.maxRetries === undefined) return clientPolicy;
  return { ...clientPolicy, maxRetries: nonNegativeInteger(options.maxRetries, 'maxRetries', 0) };
}

/** The call's per-attempt timeout: its own `timeoutMs`, else the client's. */
export function timeoutFor(options: RequestOptions, clientTimeoutMs: number): number {
  return positiveNumber(options.timeoutMs, 'timeoutMs', clientTimeoutMs);
}

/** The call's limit on an answer's size: its own `maxResponseBytes`, else the client's. */
export function maxResponseBytesFor(options: RequestOptions, clientLimit: number): number {
  return positiveByteCount(options.maxResponseBytes, 'maxResponseBytes', clientLimit);
}

/** The call's own headers, checked, with lower-case names. */
export function headersFor(options: RequestOptions): Record<string, string> {
  return checkHeaders(options.headers, 'headers');
}
