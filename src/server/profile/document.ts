import type { Json } from '../../core/index.js';
import { isObject } from '../../core/index.js';
import { API_PREFIX } from '../../operations/limits.js';
import { findOperation } from '../../operations/table.js';
import { parameterPlace } from './field-path.js';
import type { ProfileFact } from './format.js';

type DocumentFact = Extract<
  ProfileFact,
  { kind: 'limit' | 'parameter' | 'operation-missing' | 'scope' | 'operation-extra' }
>;
type ExtraFact = Extract<ProfileFact, { kind: 'operation-extra' }>;

/** A path, query or header parameter of an entry (a header by any case), or undefined. */
function parameterOf(entry: Json, where: string, name: string): Json | undefined {
  const parameters = Array.isArray(entry.parameters) ? entry.parameters : [];
  const found = parameters.find(
    (parameter) =>
      isObject(parameter) &&
      parameter.in === where &&
      (where === 'header'
        ? String(parameter.name).toLowerCase() === name.toLowerCase()
        : parameter.name === name),
  );
  return isObject(found) ? found : undefined;
}

function bodySchema(entry: Json): Json | undefined {
  const content = (entry.requestBody as Json | undefined)?.content as Json | undefined;
  const schema = (content?.['application/json'] as Json | undefined)?.schema;
  return isObject(schema) ? schema : undefined;
}

/** `required` of a body field lives in its object's list; of any other parameter, on the parameter. */
function declareRequired(entry: Json, where: string, name: string, required: boolean): void {
  if (where !== 'body') {
    const parameter = parameterOf(entry, where, name);
    if (parameter) parameter.required = required;
    return;
  }
  const schema = bodySchema(entry);
  if (!schema) return;
  const list = (Array.isArray(schema.required) ? schema.required : []).filter((field) => field !== name);
  schema.required = required ? [...list, name] : list;
}

function schemaOf(entry: Json, where: string, name: string): Json | undefined {
  if (where !== 'body') {
    const schema = parameterOf(entry, where, name)?.schema;
    return isObject(schema) ? schema : undefined;
  }
  const property = (bodySchema(entry)?.properties as Json | undefined)?.[name];
  return isObject(property) ? property : undefined;
}

/**
 * An operation the service's document lists and the SDK lacks, listed as it declared it (method,
 * path, name, scope) and saying that the reference server does not serve it: only its document
 * was seen, never an answer of it.
 */
function listExtra(paths: Json, fact: ExtraFact): void {
  const item = isObject(paths[fact.path]) ? (paths[fact.path] as Json) : {};
  item[fact.method.toLowerCase()] = {
    ...(fact.name === null ? {} : { operationId: fact.name }),
    summary: 'Listed by the measured service; the reference server does not serve it',
    description:
      "From the service's OpenAPI document (a service profile): the SDK has no such operation, and the reference server answers it as a route it does not have.",
    ...(fact.scope === null ? {} : { 'x-scope': fact.scope }),
    responses: { '404': { description: 'The reference server does not serve it' } },
  };
  paths[fact.path] = item;
}

function follow(paths: Json, fact: DocumentFact, holds: (scope: string) => boolean): void {
  if (fact.kind === 'operation-extra') {
    // The document lists what the key may call: the service's did so for the key verify held.
    if (fact.scope === null || holds(fact.scope)) listExtra(paths, fact);
    return;
  }
  const operation = findOperation(fact.operationId);
  if (operation === undefined) return;
  const path = `${API_PREFIX}${operation.path}`;
  const item = paths[path];
  const method = operation.method.toLowerCase();
  if (!isObject(item) || !isObject(item[method])) return;
  if (fact.kind === 'operation-missing') {
    delete item[method];
    if (Object.keys(item).length === 0) delete paths[path];
    return;
  }
  if (fact.kind === 'scope') {
    (item[method] as Json)['x-scope'] = fact.scope;
    return;
  }
  const { where, name } = parameterPlace(fact.parameter);
  const entry = item[method] as Json;
  const { required, ...rules }: Record<string, unknown> =
    fact.kind === 'limit' ? { ...fact.rules } : fact.declared;
  if (typeof required === 'boolean') declareRequired(entry, where, name, required);
  const schema = schemaOf(entry, where, name);
  if (!schema) return;
  for (const [rule, value] of Object.entries(rules)) {
    if (value === null || value === undefined) delete schema[rule];
    else schema[rule] = value;
  }
}

/**
 * Our OpenAPI document (`data` of openapi.retrieve) as the service's declared it: its limits,
 * parameter rules and scopes, without the operations it lacks, with those it has and we lack
 * (of a scope the key `holds`). Record schemas stay ours, as the
 * service's own document declared them (what a probe saw is in the answers, not in a document).
 * Changes it in place.
 */
export function followDocumentFacts(
  document: Json,
  facts: readonly DocumentFact[],
  holds: (scope: string) => boolean,
): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const fact of facts) follow(paths, fact, holds);
}
