import { HELP_PARAMETER } from '../../operations/help.js';
import type { ProblemDetail } from '../answers/details.js';

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
