import { checkNames, IDEMPOTENCY_HEADER } from '../core/index.js';
import type { LimitKind } from '../limits/limiter.js';
import type { OperationRow } from '../operations/define.js';
import { type RequestIssue, validateRequest } from '../operations/validate.js';
import type { CallContext } from './call-context.js';
import { LoyaltyError, LoyaltyValidationError } from './errors.js';
import {
  checkHeaders,
  nonNegativeInteger,
  positiveByteCount,
  positiveNumber,
  type RequestOptions,
} from './options.js';
import { type Accept, buildHeaders, buildPath, buildQuery } from './request.js';
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
function checkRequestOptions(options: RequestOptions): void {
  if (options === NO_OPTIONS) return;
  if (typeof options !== 'object' || options === null)
    throw new LoyaltyError('Request options must be an object');
  checkNames(options, REQUEST_OPTION_NAMES, 'request option');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new LoyaltyError('signal must be an AbortSignal');
  }
}

/** The call's retry policy: the client's, with the call's own `maxRetries` when it gives one. */
function policyFor(clientPolicy: RetryPolicy, options: RequestOptions): RetryPolicy {
  if (options.maxRetries === undefined) return clientPolicy;
  return { ...clientPolicy, maxRetries: nonNegativeInteger(options.maxRetries, 'maxRetries', 0) };
}

/** The call's per-attempt timeout: its own `timeoutMs`, else the client's. */
function timeoutFor(options: RequestOptions, clientTimeoutMs: number): number {
  return positiveNumber(options.timeoutMs, 'timeoutMs', clientTimeoutMs);
}

/** The call's limit on an answer's size: its own `maxResponseBytes`, else the client's. */
function maxResponseBytesFor(options: RequestOptions, clientLimit: number): number {
  return positiveByteCount(options.maxResponseBytes, 'maxResponseBytes', clientLimit);
}

/** The call's own headers, checked, with lower-case names. */
function headersFor(options: RequestOptions): Record<string, string> {
  return checkHeaders(options.headers, 'headers');
}

/** The arguments of a resource method, by where they go. */
export interface OperationInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** What one call sends, fixed before the first attempt and reused by every retry. */
export interface PreparedCall {
  operationId: string;
  method: string;
  /** Path and query below the origin. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  idempotencyKey: string | undefined;
  /** Whether the path names a resource (a path parameter) that a 404 may say is missing. */
  namesResource: boolean;
  timeoutMs: number;
  /** The most bytes of an answer read. */
  maxResponseBytes: number;
  policy: RetryPolicy;
  signal: AbortSignal | undefined;
  /** Which of the limiter's buckets each attempt takes a token from. */
  limitKind: LimitKind;
}

/** What a call takes from its client. */
type CallDefaults = Pick<CallContext, 'options' | 'policy'>;

type CallTarget = Pick<
  PreparedCall,
  'operationId' | 'method' | 'path' | 'body' | 'idempotencyKey' | 'namesResource' | 'limitKind'
>;

/**
 * What every attempt of a call sends, from what the operation decided (`path` below the base
 * path) and the client's and this call's options (headers, timeout, retries, signal).
 */
function callOf(
  defaults: CallDefaults,
  options: RequestOptions,
  accept: Accept,
  target: CallTarget,
): PreparedCall {
  const { options: client } = defaults;
  return {
    operationId: target.operationId,
    method: target.method,
    path: `${client.basePath}${target.path}`,
    headers: buildHeaders(
      accept,
      client.apiKey,
      client.defaultHeaders,
      headersFor(options),
      target.idempotencyKey,
      target.body !== undefined,
    ),
    body: target.body,
    idempotencyKey: target.idempotencyKey,
    namesResource: target.namesResource,
    timeoutMs: timeoutFor(options, client.timeoutMs),
    maxResponseBytes: maxResponseBytesFor(options, client.maxResponseBytes),
    policy: policyFor(defaults.policy, options),
    signal: options.signal,
    limitKind: target.limitKind,
  };
}

/** The key every attempt sends: the caller's, else a fresh one where the operation requires one. */
function idempotencyKeyFor(operation: OperationRow, options: RequestOptions): string | undefined {
  if (operation.idempotency === 'none' && options.idempotencyKey !== undefined) {
    const issue = {
      code: 'custom',
      input: options.idempotencyKey,
      path: ['header', IDEMPOTENCY_HEADER],
      message: 'reads take no idempotency key: they are safe to repeat as they are',
    } as RequestIssue;
    throw new LoyaltyValidationError(operation.id, [issue]);
  }
  return options.idempotencyKey ?? (operation.idempotency === 'required' ? crypto.randomUUID() : undefined);
}

/** Validates, fixes the Idempotency-Key, and builds what every attempt sends. Throws before anything is sent. */
export function prepareCall(
  defaults: CallDefaults,
  operation: OperationRow,
  input: OperationInput,
  options: RequestOptions,
): PreparedCall {
  checkRequestOptions(options);
  const idempotencyKey = idempotencyKeyFor(operation, options);
  const checked = validateRequest(operation, {
    params: input.params,
    query: input.query,
    body: input.body,
    idempotencyKey,
  });
  if (!checked.ok) throw new LoyaltyValidationError(operation.id, checked.issues);
  return callOf(defaults, options, 'application/json', {
    operationId: operation.id,
    method: operation.method,
    path: `${buildPath(operation, checked.params)}${buildQuery(checked.query)}`,
    body: operation.body ? JSON.stringify(checked.body) : undefined,
    idempotencyKey,
    namesResource: operation.path.includes('{'),
    limitKind: operation.groupAction ? 'groupAction' : 'request',
  });
}

/** `?help=true` on an operation, asking for text. Path parameters are sent as their `{name}`. */
export function prepareHelpCall(
  defaults: CallDefaults,
  operation: OperationRow,
  options: RequestOptions,
): PreparedCall {
  checkRequestOptions(options);
  return callOf(defaults, options, 'text/plain', {
    operationId: `${operation.id} help`,
    method: operation.method,
    path: `${operation.path.replace(/[{}]/g, encodeURIComponent)}?help=true`,
    body: undefined,
    idempotencyKey: undefined,
    // The help of an operation is answered before any lookup: a 404 there is the route's.
    namesResource: false,
    // Help is answered before the group action limit (the server's steps): a plain request.
    limitKind: 'request',
  });
}
