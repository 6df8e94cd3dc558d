import { isObject, type Json } from '../../core/index.js';
import { type DocumentOperation, deref } from '../document-index.js';
import { type Shape, shapeOfSchema } from '../shape.js';
import type { FindingKind, Severity } from '../types.js';

export interface ResponseDifference {
  kind: Extract<FindingKind, 'status' | 'header'>;
  location: string;
  expected: unknown;
  observed: unknown;
  severity: Severity;
}

/** Headers the reference server declares for itself alone (fault injection): no service has them. */
const REFERENCE_ONLY = new Set(['x-loyalty-fault']);

/**
 * Headers the SDK itself reads, by the status where it needs them (any status: '*'): the wait of
 * a 429. The spec names no response header: `X-Request-Id` and `Idempotent-Replayed` are the
 * reference server's (the SDK reads the request id from `meta.requestId`, which the spec names),
 * so lacking them is a note, not a difference the SDK meets.
 */
export const RELIED_ON_HEADERS: Record<string, string> = {
  'retry-after': '429',
};

function responses(entry: DocumentOperation, document: Json): Map<string, Json> {
  const raw = deref(document, entry.item.responses);
  const out = new Map<string, Json>();
  if (!isObject(raw)) return out;
  for (const [status, response] of Object.entries(raw)) {
    const resolved = deref(document, response);
    if (isObject(resolved)) out.set(status, resolved);
  }
  return out;
}

/** Header name (lower case) -> its spelling and the statuses that declare it. */
function headerStatuses(all: Map<string, Json>): Map<string, { name: string; statuses: string[] }> {
  const out = new Map<string, { name: string; statuses: string[] }>();
  for (const [status, response] of all) {
    for (const name of Object.keys(isObject(response.headers) ? response.headers : {})) {
      const key = name.toLowerCase();
      if (REFERENCE_ONLY.has(key)) continue;
      const entry = out.get(key) ?? { name, statuses: [] };
      entry.statuses.push(status);
      out.set(key, entry);
    }
  }
  return out;
}

/** Whether lacking a header where the SDK reads it matters more than a note. */
export function headerSeverity(
  name: string,
  expectedStatuses: readonly string[],
  observedStatuses: readonly string[],
): Severity {
  const needed = RELIED_ON_HEADERS[name.toLowerCase()];
  if (needed === undefined) return 'info';
  const lacking =
    needed === '*'
      ? observedStatuses.length === 0 && expectedStatuses.length > 0
      : expectedStatuses.includes(needed) && !observedStatuses.includes(needed);
  return lacking ? 'differs' : 'info';
}

/** The statuses each document declares for an operation, and the headers of each. */
export function compareResponses(
  expected: DocumentOperation,
  expectedDocument: Json,
  observed: DocumentOperation,
  observedDocument: Json,
): ResponseDifference[] {
  const out: ResponseDifference[] = [];
  const wanted = responses(expected, expectedDocument);
  const seen = responses(observed, observedDocument);
  for (const status of wanted.keys())
    if (!seen.has(status))
      out.push({
        kind: 'status',
        location: `response.${status}`,
        expected: 'declared',
        observed: 'not declared',
        severity: 'info',
      });
  for (const status of seen.keys())
    if (!wanted.has(status))
      out.push({
        kind: 'status',
        location: `response.${status}`,
        expected: 'not declared',
        observed: 'declared',
        severity: 'differs',
      });
  const wantedHeaders = headerStatuses(wanted);
  const seenHeaders = headerStatuses(seen);
  for (const key of new Set([...wantedHeaders.keys(), ...seenHeaders.keys()])) {
    const want = wantedHeaders.get(key)?.statuses.filter((status) => seen.has(status)) ?? [];
    const got = seenHeaders.get(key)?.statuses.filter((status) => wanted.has(status)) ?? [];
    if (JSON.stringify(want.sort()) === JSON.stringify(got.sort())) continue;
    const name = wantedHeaders.get(key)?.name ?? seenHeaders.get(key)?.name ?? key;
    out.push({
      kind: 'header',
      location: `header.${name}`,
      expected: { statuses: want },
      observed: { statuses: got },
      severity: headerSeverity(name, want, got),
    });
  }
  return out;
}

/** The shape of `data` a document declares for an operation's success (200, application/json). */
export function declaredDataShape(entry: DocumentOperation, document: Json): Shape {
  const success = responses(entry, document).get('200');
  const json = deref(document, (success?.content as Json | undefined)?.['application/json']);
  const envelope = shapeOfSchema(isObject(json) ? json.schema : undefined, document);
  return envelope.fields?.data?.shape ?? { types: [] };
}
