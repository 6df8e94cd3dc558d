import { describeBody, type ProbeAnswer } from './answer.js';
import type { NoAnswer } from './service.js';
import type { VerifyFailure } from './types.js';

/** Why an answer cannot be judged as the API's, in one sentence; undefined when it can. */
export interface Unusable {
  failure: VerifyFailure;
  reason: string;
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

const looksLikeHtml = (answer: ProbeAnswer): boolean => /html/i.test(answer.contentType);

/**
 * What the first answer of a run says about the target: the API, or something else (no answer,
 * a page, a proxy, a refused key). `what` names the request in the sentence.
 */
export function classifyAnswer(answer: ProbeAnswer | NoAnswer, what: string): Unusable | undefined {
  if ('error' in answer)
    return answer.kind === 'too-large'
      ? { failure: 'not-api', reason: `No usable answer to ${what}: ${answer.error}; not the API.` }
      : { failure: 'unreachable', reason: `No answer to ${what}: ${answer.error}.` };
  const { status, envelope } = answer;
  if (status === 401 || status === 403)
    return {
      failure: 'unauthorized',
      reason: `The service refused the key: ${what} answered ${status}${envelope ? ` (codigoRespuesta ${envelope.codigoRespuesta})` : ''}.`,
    };
  if (status === 429)
    return {
      failure: 'rate-limited',
      reason: `The service answered 429 (rate limited) to ${what}; safe mode stops at the first 429.`,
    };
  if (envelope !== undefined) return undefined;
  if (GATEWAY_STATUSES.has(status))
    return { failure: 'gateway', reason: `A proxy or gateway answered ${status} to ${what}, not the API.` };
  if (looksLikeHtml(answer))
    return {
      failure: 'not-api',
      reason: `The target answered HTML (status ${status}) to ${what}, not the API.`,
    };
  if (answer.tooDeep)
    return {
      failure: 'not-envelope',
      reason: `The target answered ${status} with ${describeBody(answer)} to ${what}, not the API's envelope.`,
    };
  if (answer.json === undefined)
    return {
      failure: 'not-api',
      reason: `The target answered ${status} with a body that is not JSON to ${what}, not the API.`,
    };
  return {
    failure: 'not-envelope',
    reason: `The target answered ${status} with JSON that is not the API's envelope to ${what}.`,
  };
}
