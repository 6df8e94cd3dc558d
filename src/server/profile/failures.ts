import type { Json } from '../../core/index.js';
import { isObject } from '../../core/index.js';
import { isScope } from '../../operations/scopes.js';
import { forbidden } from '../answers/failures.js';
import type { ProfileFact } from './format.js';

type CodeFact = Extract<ProfileFact, { kind: 'error-code' }>;
type ScopeFact = Extract<ProfileFact, { kind: 'scope' }>;
type DetailsFact = Extract<ProfileFact, { kind: 'details' }>;

/** One of our details (`{ in, name, message, code }`) as the value of a keyed form. */
function keyedValue(detail: Json, fact: DetailsFact): unknown {
  if (fact.values.includes('string')) return String(detail.message ?? '');
  if (fact.values.includes('array')) return [String(detail.message ?? '')];
  const { name: _, ...rest } = detail;
  return rest;
}

/** Our list of details as an object keyed by field name, when the service answers so. */
function followDetails(envelope: Json, fact: DetailsFact): void {
  if (fact.form !== 'keyed' || !Array.isArray(envelope.details)) return;
  envelope.details = Object.fromEntries(
    envelope.details.filter(isObject).map((detail) => [String(detail.name), keyedValue(detail, fact)]),
  );
}

/** A refusal's envelope with the service's code and `details` form for its status. Changes it in place. */
export function followFailureFacts(
  envelope: Json,
  status: number,
  codes: readonly CodeFact[],
  details: readonly DetailsFact[],
): void {
  const code = codes.find((fact) => fact.status === status);
  if (code) envelope.codigoRespuesta = code.codigoRespuesta;
  const form = details.find((fact) => fact.status === status);
  if (form) followDetails(envelope, form);
}

/**
 * A 403 naming the scope the service's 403 named (`meta.requiredScope` and the message), from a
 * probe's refusal; the scope checked is ours still, as the key that met it lacked ours too.
 * Changes the envelope in place.
 */
export function followScopeFacts(envelope: Json, facts: readonly ScopeFact[]): void {
  const named = facts.filter((fact) => fact.source === 'probe').at(-1)?.scope;
  if (!isScope(named) || !isObject(envelope.meta)) return;
  envelope.meta.requiredScope = named;
  envelope.msj = forbidden(named).msj;
}
