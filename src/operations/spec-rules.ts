import { LIMITS } from './limits.js';

/**
 * Which rules of the table the spec states, in its own words. The table's other rules are
 * decisions of the reference server (docs/decisions.md): a required string holds at least 1
 * character, `puntos` is not 0, an unknown field or parameter is refused, an Idempotency-Key is
 * printable ASCII, a date exists on the calendar and a period runs forwards.
 */

/** A rule of a parameter, by the JSON Schema keyword that says it (`unknown`: a name the table lacks). */
export type RuleKeyword =
  | 'type'
  | 'required'
  | 'maxLength'
  | 'minLength'
  | 'maximum'
  | 'minimum'
  | 'enum'
  | 'not'
  | 'pattern'
  | 'format'
  | 'unknown';

/** A parameter as the table describes it: where, its name, and its JSON Schema. */
export interface RuleParameter {
  in: 'path' | 'query' | 'body' | 'header';
  name: string;
  schema: Readonly<Record<string, unknown>>;
}

/** The spec's rules that are not a parameter's, quoted. */
export const SPEC_RULES = {
  invalidKey: 'An invalid key gives status 401 with code 9501.',
  missingScope:
    'A key without the required scope gives status 403 with code 9503 and `meta.requiredScope` names the missing scope.',
  invalidParameters: 'Errors: 400, invalid parameters, with `details` describing them.',
  success: 'Successful responses have status 200 and the envelope; `codigoRespuesta` is 0 on success.',
  envelope: 'Failures use the envelope; `codigoRespuesta` is non-zero on failure.',
  scope: 'Each operation requires one scope (see the Scope column); the key must hold it.',
  endpoints: 'The endpoint table lists the operation.',
  replay: 'Repeating a request with the same key and the same body returns the original response.',
  otherBody: 'The same key with a different body returns 409.',
  publicUnit: '`puntos` is a number in the public unit (the same unit the dashboard shows).',
  dryRun:
    'Group actions accept `dryRun: true`: nothing is executed, and the response reports how many customers would be affected.',
} as const;

/** Envelope fields the spec's "Response envelope" table names, with its rule for each. */
export const SPEC_ENVELOPE_FIELDS: Readonly<Record<string, string>> = {
  codigoRespuesta: 'codigoRespuesta: integer, 0 on success.',
  msj: 'msj: string.',
  data: 'data: the payload of the operation.',
  meta: 'meta: requestId, appId and scope on every answer.',
  'meta.requestId': 'meta.requestId: string, identifier of the request.',
  'meta.appId': 'meta.appId: integer, identifier of the application that owns the key.',
  'meta.scope': 'meta.scope: string or null, null when the operation requires none.',
  'meta.requiredScope': 'meta.requiredScope: present on a 403 response, the scope that was missing.',
  'meta.legacy': 'meta.legacy: present on a 422 response, the business-rule detail.',
  details: 'details: present on a 400 response, describes the invalid parameters.',
};

/** The keywords whose rule is the spec's on any parameter (a `pattern` only where it says a date). */
const STATED: ReadonlySet<RuleKeyword> = new Set([
  'type',
  'required',
  'maxLength',
  'maximum',
  'minimum',
  'enum',
]);

/** The spec's words where its own are not the keyword's (Limits table, Resources, parameter tables). */
const WORDS: Readonly<Record<string, Partial<Record<RuleKeyword, string>>>> = {
  puntos: {
    minimum: `limit per call ${LIMITS.puntosPerCall}; negative removes`,
    maximum: `limit per call ${LIMITS.puntosPerCall}`,
  },
  tipoContribuyente: { minimum: 'range 1..6', maximum: 'range 1..6' },
  status: { enum: '1 active, 0 inactive' },
  'Idempotency-Key': {
    required: 'writes marked Yes in the Idempotency column require the header `Idempotency-Key`',
    minLength: `length ${LIMITS.idempotencyKeyMinLength} to ${LIMITS.idempotencyKeyMaxLength}`,
    maxLength: `length ${LIMITS.idempotencyKeyMinLength} to ${LIMITS.idempotencyKeyMaxLength}`,
  },
};

const isDate = (schema: RuleParameter['schema']) => schema.format === 'date';

/** The spec's words for one keyword of a parameter's schema; undefined where the rule is ours. */
function words(parameter: RuleParameter, keyword: RuleKeyword): string | undefined {
  const { name, schema } = parameter;
  const own = WORDS[name]?.[keyword];
  if (own !== undefined) return own;
  if ((keyword === 'pattern' || keyword === 'format') && isDate(schema)) return 'date, YYYY-MM-DD';
  if (!STATED.has(keyword)) return undefined;
  switch (keyword) {
    case 'type':
      return isDate(schema) ? 'date' : typeof schema.type === 'string' ? schema.type : undefined;
    case 'required':
      return 'required';
    case 'maxLength':
      return `at most ${schema.maxLength} characters`;
    case 'minimum':
      return `at least ${schema.minimum}`;
    case 'enum':
      return Array.isArray(schema.enum) ? schema.enum.map(String).join(' or ') : undefined;
    default:
      return undefined;
  }
}

/**
 * The spec's rule that `keyword` of a parameter says, quoted in one line (`body titulo: at most
 * 120 characters`), or undefined when that rule is a decision of ours.
 */
export function specRuleOf(parameter: RuleParameter, keyword: RuleKeyword): string | undefined {
  const said = words(parameter, keyword);
  return said === undefined ? undefined : `${parameter.in} ${parameter.name}: ${said}`;
}

/** The reference server's decisions among the table's rules (docs/decisions.md), in one line each. */
const DECIDED: Partial<Record<RuleKeyword, string>> = {
  unknown: 'an unknown body field or query parameter is refused (docs/decisions.md, "Unknown body fields")',
  minLength: 'a required string holds at least 1 character (docs/decisions.md, "Required strings")',
  not: '`puntos` is not 0 (docs/decisions.md, "puntos")',
  pattern: 'a value of the pattern the reference server decided (docs/decisions.md)',
};

/** The reference server's decision that `keyword` of a parameter says, in one line, when it has one. */
export function decidedRuleOf(parameter: RuleParameter, keyword: RuleKeyword): string | undefined {
  const said = DECIDED[keyword];
  return said === undefined ? undefined : `${parameter.in} ${parameter.name}: ${said}`;
}
