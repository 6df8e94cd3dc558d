import type { ProblemDetail } from '../answers/details.js';
import { badRequest, bodyNotTaken, payloadTooLarge, unsupportedMediaType } from '../answers/failures.js';
import type { EngineRequest } from '../answers/response.js';

/** Larger request bodies get a 413; fixed, not an option. */
export const MAX_BODY_BYTES = 1024 * 1024;

type ParsedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'too-large' }
  | { kind: 'malformed'; problem: ProblemDetail };

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function malformed(message: string): ParsedBody {
  return { kind: 'malformed', problem: { in: 'body', name: '', message, code: 'invalid_json' } };
}

/**
 * The JSON value of a body; an absent or empty body is `undefined` (the operation's schema then
 * says whether a body was required). `declaredLength` is the Content-Length header, which lets an
 * adapter refuse a large body without reading it.
 */
function parseJsonBody(
  body: Uint8Array | string | undefined,
  declaredLength: string | undefined,
): ParsedBody {
  if (declaredLength !== undefined && Number(declaredLength) > MAX_BODY_BYTES) return { kind: 'too-large' };
  if (body === undefined) return { kind: 'json', value: undefined };
  let text: string;
  if (typeof body === 'string') {
    if (Buffer.byteLength(body, 'utf8') > MAX_BODY_BYTES) return { kind: 'too-large' };
    text = body;
  } else {
    if (body.byteLength > MAX_BODY_BYTES) return { kind: 'too-large' };
    try {
      text = UTF8.decode(body);
    } catch {
      return malformed('is not valid UTF-8');
    }
  }
  if (text.trim() === '') return { kind: 'json', value: undefined };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch (error) {
    return malformed(`is not valid JSON (${(error as Error).message})`);
  }
}

function hasBody(request: EngineRequest): boolean {
  const { body } = request;
  return body !== undefined && (typeof body === 'string' ? body.length > 0 : body.byteLength > 0);
}

/** `application/json`, with or without parameters such as `charset` (the spec's Conventions). */
function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * The JSON value of a request's body (`undefined` when there is none): a 413 when it is too
 * large, a 415 when it is not sent as application/json, a 400 when it is not JSON.
 */
export function readJsonBody(request: EngineRequest): unknown {
  const parsed = parseJsonBody(request.body, request.headers['content-length']);
  if (parsed.kind === 'too-large') throw payloadTooLarge(MAX_BODY_BYTES);
  if (hasBody(request) && !isJson(request.headers['content-type'])) {
    throw unsupportedMediaType(request.headers['content-type']);
  }
  if (parsed.kind === 'malformed') throw badRequest([parsed.problem]);
  return parsed.value;
}

/** An operation that takes no body refuses one, rather than ignore what the caller meant to send. */
export function refuseBody(request: EngineRequest): void {
  if (hasBody(request)) throw bodyNotTaken();
}
