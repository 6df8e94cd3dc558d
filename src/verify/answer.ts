import { type AnswerEnvelope, readEnvelope } from '../operations/envelope.js';

/** What came back for a probe, from the service or the reference engine. */
export interface ProbeAnswer {
  status: number;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** The envelope, when the body is one. */
  envelope: AnswerEnvelope | undefined;
  contentType: string;
}

export function answerOf(status: number, headers: Record<string, string>, text: string): ProbeAnswer {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers, json, envelope: readEnvelope(json), contentType: headers['content-type'] ?? '' };
}
