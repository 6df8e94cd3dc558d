import type { CallOutcome, ObservedCall } from './observer.js';

/** Attribute values as OpenTelemetry takes them. */
export type Attributes = Record<string, string | number | boolean>;

/** `error.type`: the SDK error's class name, as the caller can `instanceof` it. */
export function errorType(error: unknown): string {
  return error instanceof Error ? error.name : '_OTHER';
}

/** What every span and measurement of a call carries: the operation and where it goes, never a value it sends. */
export function callAttributes(call: ObservedCall): Attributes {
  return {
    'loyalty.operation': call.operationId,
    'http.request.method': call.method,
    'url.template': call.urlTemplate,
    'server.address': call.serverAddress,
    'server.port': call.serverPort,
  };
}

/** What the end of a call adds: its last status, the service's request id, its retries, its error. */
export function outcomeAttributes(outcome: CallOutcome): Attributes {
  const attributes: Attributes = { 'loyalty.retry_count': Math.max(0, outcome.attempts - 1) };
  if (outcome.status !== undefined) attributes['http.response.status_code'] = outcome.status;
  if (outcome.requestId !== undefined) attributes['loyalty.request_id'] = outcome.requestId;
  if (outcome.error !== undefined) attributes['error.type'] = errorType(outcome.error);
  return attributes;
}
