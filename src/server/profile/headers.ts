import type { EngineResponse } from '../answers/response.js';
import type { ProfileFact } from './format.js';

type HeaderFact = Extract<ProfileFact, { kind: 'header' }>;

/** Our request id header: what an added header of text carries (the request id under the service's name). */
const REQUEST_ID = 'x-request-id';

/** The request id of an answer: its header, else its envelope's `meta.requestId`. */
function requestIdOf(response: EngineResponse): string | undefined {
  if (response.headers[REQUEST_ID] !== undefined) return response.headers[REQUEST_ID];
  try {
    const id = (JSON.parse(response.body) as { meta?: { requestId?: unknown } } | null)?.meta?.requestId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answer's headers as the service's: those it lacks left out, those it adds sent, a text one
 * with the answer's request id (a request id under another name is the common case, and an id
 * says nothing of any record), a whole-number one with 0 (the empty value of its type, as an
 * added record field gets).
 */
export function followHeaderFacts(facts: readonly HeaderFact[], response: EngineResponse): EngineResponse {
  if (facts.length === 0) return response;
  const requestId = requestIdOf(response);
  const lacking = facts.filter((fact) => !fact.present).map((fact) => fact.header.toLowerCase());
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !lacking.includes(name)),
  );
  for (const fact of facts)
    if (fact.present) headers[fact.header.toLowerCase()] = fact.type === 'integer' ? '0' : (requestId ?? '');
  return { ...response, headers };
}
