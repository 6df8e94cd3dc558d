import { deeperThan, isObject } from '../../core/index.js';
import type { ConflictDifference, RequestEntry } from './request-entry.js';

const NOT_JSON = Symbol('not JSON');

function parsed(body: string | null): unknown {
  if (body === null) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const textOf = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** How deep two bodies are walked into: far deeper than any body of the API nests. */
const COMPARED_DEPTH = 64;

/** The leaves where `first` and `now` differ, objects and arrays walked into, in the order of `first` then `now`. */
function valueDifferences(at: string, first: unknown, now: unknown, out: ConflictDifference[]): void {
  const bothArrays = Array.isArray(first) && Array.isArray(now);
  if ((isObject(first) && isObject(now)) || bothArrays) {
    const names = [...new Set([...Object.keys(first), ...Object.keys(now)])];
    for (const name of names) {
      valueDifferences(
        `${at}.${name}`,
        (first as Record<string, unknown>)[name],
        (now as Record<string, unknown>)[name],
        out,
      );
    }
    return;
  }
  const [firstText, nowText] = [textOf(first), textOf(now)];
  if (firstText !== nowText) out.push({ at, first: firstText, now: nowText });
}

/**
 * How `refused` differs from `firstUse`: the service fingerprints an operation, its path
 * parameters and its JSON body (docs/decisions.md), so those are what is compared.
 */
export function conflictDifferences(
  firstUse: RequestEntry,
  refused: RequestEntry,
): ConflictDifference[] | null {
  const out: ConflictDifference[] = [];
  if (firstUse.operationId !== refused.operationId) {
    out.push({ at: 'operation', first: firstUse.operationId, now: refused.operationId });
  }
  if (firstUse.path !== refused.path) out.push({ at: 'path', first: firstUse.path, now: refused.path });
  if (firstUse.request.bodyTruncated || refused.request.bodyTruncated) return null;
  const [first, now] = [parsed(firstUse.request.body), parsed(refused.request.body)];
  if (first === NOT_JSON || now === NOT_JSON) return null;
  // The walk recurses; a body nested deeper than any request of the API is not compared.
  if (deeperThan(first, COMPARED_DEPTH) || deeperThan(now, COMPARED_DEPTH)) return null;
  valueDifferences('body', first, now, out);
  return out;
}
