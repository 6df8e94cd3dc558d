import { API_PREFIX } from '../../operations/limits.js';
import { getOperation } from '../../operations/table.js';
import type { ProfileFact } from './format.js';

type Json = Record<string, unknown>;
type LimitFact = Extract<ProfileFact, { kind: 'limit' }>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema of a body field or query parameter in our document's entry of an operation. */
function parameterSchema(entry: Json, where: string, name: string): Json | undefined {
  if (where === 'query') {
    const parameters = Array.isArray(entry.parameters) ? entry.parameters : [];
    const found = parameters.find(
      (parameter) => isObject(parameter) && parameter.in === 'query' && parameter.name === name,
    );
    return isObject(found) && isObject(found.schema) ? found.schema : undefined;
  }
  const content = (entry.requestBody as Json | undefined)?.content as Json | undefined;
  const schema = (content?.['application/json'] as Json | undefined)?.schema as Json | undefined;
  const property = (schema?.properties as Json | undefined)?.[name];
  return isObject(property) ? property : undefined;
}

/**
 * Our OpenAPI document (`data` of openapi.retrieve) saying what the server then does: each
 * limit as the service declares it. Record schemas stay ours, as the service's own document
 * declared them (what a probe saw is in the answers, not in a document). Changes it in place.
 */
export function followDocumentFacts(document: Json, facts: readonly LimitFact[]): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const fact of facts) {
    const operation = getOperation(fact.operationId);
    if (operation === undefined) continue;
    const entry = (paths[`${API_PREFIX}${operation.path}`] as Json | undefined)?.[
      operation.method.toLowerCase()
    ];
    if (!isObject(entry)) continue;
    const [, where = '', name = ''] = fact.parameter.split('.');
    const schema = parameterSchema(entry, where, name);
    if (schema) Object.assign(schema, fact.rules);
  }
}
