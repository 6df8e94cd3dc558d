import { deeperThan, MAX_PRINTED_DEPTH } from '../core/index.js';
import { type AnswerEnvelope, readEnvelope } from '../operations/envelope.js';

/** What came back for a probe, from the service or the reference engine. */
export interface ProbeAnswer {
  status: number;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** The body as it came: what the SDK's decoder reads (probes/decoded.ts). */
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON, or nests too deep (`tooDeep`). */
  json: unknown;
  /** The envelope, when the body is one. */
  envelope: AnswerEnvelope | undefined;
  contentType: string;
  /**
   * JSON nested deeper than MAX_PRINTED_DEPTH: not the API's (no answer of it nests more than a
   * few levels), and dropped, since every walk over it (shapes, reports) would overflow the stack.
   */
  tooDeep: boolean;
}

export function answerOf(status: number, headers: Record<string, string>, text: string): ProbeAnswer {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const tooDeep = deeperThan(json, MAX_PRINTED_DEPTH);
  if (tooDeep) json = undefined;
  return {
    status,
    headers,
    text,
    json,
    envelope: readEnvelope(json),
    contentType: headers['content-type'] ?? '',
    tooDeep,
  };
}

/** What a body that is no envelope is, in a few words: `not JSON (text/html)`, `JSON without the envelope`. */
export function describeBody(answer: ProbeAnswer): string {
  if (answer.tooDeep) return `JSON nested deeper than ${MAX_PRINTED_DEPTH} levels`;
  if (answer.json === undefined) return `not JSON (${answer.contentType || 'no Content-Type'})`;
  return 'JSON without the envelope';
}
