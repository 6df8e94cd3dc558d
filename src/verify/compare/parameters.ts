import { isObject, type Json } from '../../core/index.js';
import { type DocumentOperation, deref } from '../document-index.js';
import type { FindingKind, Severity } from '../types.js';

/** A parameter as a document declares it: where, whether required, and its rules. */
interface DeclaredParameter {
  location: string;
  required: boolean;
  rules: Json;
}

/** A difference of one parameter, before it becomes a finding. */
export interface ParameterDifference {
  kind: Extract<FindingKind, 'parameter' | 'limit'>;
  location: string;
  expected: unknown;
  observed: unknown;
  severity: Severity;
}

const LIMIT_RULES = ['minLength', 'maxLength', 'minimum', 'maximum'] as const;
const SHAPE_RULES = ['type', 'pattern', 'enum'] as const;
/** zod's bounds of a safe integer: they say "an integer", not a limit of the service. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

function rulesOf(schema: unknown, document: Json): Json {
  const resolved = deref(document, schema);
  if (!isObject(resolved)) return {};
  const rules: Json = {};
  for (const name of [...LIMIT_RULES, ...SHAPE_RULES]) {
    const value = resolved[name];
    if (value === undefined || (typeof value === 'number' && Math.abs(value) >= UNBOUNDED)) continue;
    rules[name] = value;
  }
  return rules;
}

/** Path, query and header parameters, and the top-level fields of the JSON body, by `request.<in>.<name>`. */
export function declaredParameters(entry: DocumentOperation, document: Json): Map<string, DeclaredParameter> {
  const out = new Map<string, DeclaredParameter>();
  const parameters = Array.isArray(entry.item.parameters) ? entry.item.parameters : [];
  for (const raw of parameters) {
    const parameter = deref(document, raw);
    if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string')
      continue;
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    out.set(`request.${parameter.in}.${name}`, {
      location: `request.${parameter.in}.${parameter.name}`,
      required: parameter.required === true || parameter.in === 'path',
      rules: rulesOf(parameter.schema, document),
    });
  }
  const content = deref(document, entry.item.requestBody) as Json | undefined;
  const body = deref(document, (content?.content as Json | undefined)?.['application/json'] as unknown);
  const schema = deref(document, isObject(body) ? body.schema : undefined);
  if (isObject(schema) && isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, property] of Object.entries(schema.properties))
      out.set(`request.body.${name}`, {
        location: `request.body.${name}`,
        required: required.has(name),
        rules: rulesOf(property, document),
      });
  }
  return out;
}

/**
 * Whether the service's value of a rule refuses what the SDK's lets through. A value of another
 * form than the rule's (a document says anything) is no rule the SDK can keep: it counts as stricter.
 */
function stricter(rule: string, expected: unknown, observed: unknown): boolean {
  if (observed === undefined) return false;
  if (expected === undefined) return true;
  if (rule === 'maxLength' || rule === 'maximum') return (observed as number) < (expected as number);
  if (rule === 'minLength' || rule === 'minimum') return (observed as number) > (expected as number);
  if (rule === 'enum')
    return !Array.isArray(observed) || (expected as unknown[]).some((value) => !observed.includes(value));
  return true;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function diffRules(
  location: string,
  kind: ParameterDifference['kind'],
  names: readonly string[],
  expected: DeclaredParameter,
  observed: DeclaredParameter,
): ParameterDifference[] {
  const wanted: Json = {};
  const seen: Json = {};
  let breaking = false;
  for (const name of names) {
    if (same(expected.rules[name], observed.rules[name])) continue;
    wanted[name] = expected.rules[name] ?? null;
    seen[name] = observed.rules[name] ?? null;
    breaking ||= name === 'type' || stricter(name, expected.rules[name], observed.rules[name]);
  }
  if (kind === 'parameter' && expected.required !== observed.required) {
    wanted.required = expected.required;
    seen.required = observed.required;
    breaking ||= observed.required;
  }
  if (Object.keys(wanted).length === 0) return [];
  return [{ kind, location, expected: wanted, observed: seen, severity: breaking ? 'breaking' : 'differs' }];
}

/** How the service's parameters of one operation differ from the SDK's. */
export function compareParameters(
  expected: Map<string, DeclaredParameter>,
  observed: Map<string, DeclaredParameter>,
): ParameterDifference[] {
  const out: ParameterDifference[] = [];
  for (const [key, wanted] of expected) {
    const seen = observed.get(key);
    if (seen === undefined) {
      out.push({
        kind: 'parameter',
        location: wanted.location,
        expected: { declared: true, required: wanted.required },
        observed: { declared: false },
        severity: wanted.required ? 'breaking' : 'differs',
      });
      continue;
    }
    out.push(
      ...diffRules(wanted.location, 'parameter', SHAPE_RULES, wanted, seen),
      ...diffRules(wanted.location, 'limit', LIMIT_RULES, wanted, seen),
    );
  }
  for (const [key, seen] of observed) {
    if (expected.has(key)) continue;
    out.push({
      kind: 'parameter',
      location: seen.location,
      expected: { declared: false },
      observed: { declared: true, required: seen.required },
      severity: seen.required ? 'breaking' : 'info',
    });
  }
  return out;
}
