import type { ProblemDetail } from '../answers/details.js';
import { MAX_BODY_BYTES } from './options.js';

/** The query parameter every operation accepts besides its own. */
export const HELP_PARAMETER = 'help';

export interface ParsedQuery {
  /** Raw string values, `help` excluded. */
  readonly values: Readonly<Record<string, string>>;
  readonly help: string | undefined;
  readonly problems: readonly ProblemDetail[];
}

const EMPTY_QUERY: ParsedQuery = Object.freeze({
  values: Object.freeze({}),
  help: undefined,
  problems: Object.freeze([]),
});

export function parseQuery(raw: string): ParsedQuery {
  if (raw === '') return EMPTY_QUERY;
  // No prototype: a parameter named __proto__ is data here.
  const values: Record<string, string> = Object.create(null);
  const problems: ProblemDetail[] = [];
  let help: string | undefined;
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(raw)) {
    if (seen.has(name)) {
      problems.push({ in: 'query', name, message: 'must be given at most once', code: 'duplicate' });
      continue;
    }
    seen.add(name);
    if (name === HELP_PARAMETER) help = value;
    else values[name] = value;
  }
  return { values, help, problems };
}

export function helpProblem(help: string | undefined): ProblemDetail | undefined {
  if (help === undefined || help === 'true' || help === 'false') return undefined;
  return { in: 'query', name: HELP_PARAMETER, message: 'must be true or false', code: 'invalid_value' };
}

export interface DecodedPathParams {
  /** Decoded values; a segment that cannot be decoded is kept raw (and reported in `problems`). */
  values: Record<string, string>;
  problems: ProblemDetail[];
}

/** Each raw segment decoded on its own, so `%2F` inside a uid stays part of that one segment. */
export function decodePathParams(
  names: readonly string[],
  rawSegments: readonly string[],
): DecodedPathParams {
  // A plain object is safe here: the names come from the operation table, never from the request.
  const values: Record<string, string> = {};
  const problems: ProblemDetail[] = [];
  names.forEach((name, index) => {
    const raw = rawSegments[index] ?? '';
    try {
      values[name] = raw.includes('%') ? decodeURIComponent(raw) : raw;
    } catch {
      values[name] = raw;
      problems.push({ in: 'path', name, message: 'is not valid percent-encoding', code: 'invalid_format' });
    }
  });
  return { values, problems };
}

export type ParsedBody =
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
export function parseJsonBody(
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
