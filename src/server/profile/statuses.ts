import type { EngineRequest, EngineResponse } from '../answers/response.js';
import { parameterPlace } from './field-path.js';
import type { ProfileFact } from './format.js';

type StatusFact = Extract<ProfileFact, { kind: 'status' }>;

function bodyOf(request: EngineRequest): Record<string, unknown> | undefined {
  if (request.body === undefined) return undefined;
  const text = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the request's parameter holds the fact's value (a query parameter as its text). */
function holds(request: EngineRequest, fact: StatusFact): boolean {
  const { where, name } = parameterPlace(fact.parameter);
  if (where === 'query') return new URLSearchParams(request.query).get(name) === String(fact.value);
  const body = bodyOf(request);
  return body !== undefined && name in body && JSON.stringify(body[name]) === JSON.stringify(fact.value);
}

/** A refusal of ours with the status the service gave the same request instead; its envelope stays ours. */
export function followStatusFacts(
  facts: readonly StatusFact[],
  request: EngineRequest,
  response: EngineResponse,
): EngineResponse {
  const fact = facts.find((one) => one.from === response.status && holds(request, one));
  return fact ? { ...response, status: fact.status } : response;
}
