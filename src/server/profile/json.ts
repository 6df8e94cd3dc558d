import { isObject, type Json } from '../../core/index.js';
import type { EngineResponse } from '../answers/response.js';

/** The answer with its JSON envelope changed by `change`; an answer that is no JSON object stays as it is. */
export function changeEnvelope(response: EngineResponse, change: (envelope: Json) => void): EngineResponse {
  let envelope: unknown;
  try {
    envelope = JSON.parse(response.body);
  } catch {
    return response;
  }
  if (!isObject(envelope)) return response;
  change(envelope);
  return { ...response, body: JSON.stringify(envelope) };
}
