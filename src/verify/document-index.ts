import { isObject, type Json } from '../core/index.js';
import { API_PREFIX } from '../operations/limits.js';
import { type Operation, operations } from '../operations/table.js';

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

/** `GET /clientes/{}`: a method and a path below /ext/v3, whatever the service names its placeholders. */
export function routeKey(method: string, path: string): string {
  const at = path.indexOf(API_PREFIX);
  const below = at === -1 ? path : path.slice(at + API_PREFIX.length);
  return `${method.toUpperCase()} ${below.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '')}`;
}

/** One operation of an OpenAPI document. */
export interface DocumentOperation {
  method: string;
  path: string;
  item: Json;
}

/** What a served OpenAPI document lists, matched to the table's operations by method and path. */
export interface DocumentIndex {
  document: Json;
  byOperation: Map<Operation['id'], DocumentOperation>;
  /** What the document lists that no operation of the table is. */
  extra: DocumentOperation[];
}

const BY_ROUTE = new Map(
  operations.map((operation) => [routeKey(operation.method, `${API_PREFIX}${operation.path}`), operation]),
);

export function indexDocument(document: Json): DocumentIndex {
  const byOperation = new Map<Operation['id'], DocumentOperation>();
  const extra: DocumentOperation[] = [];
  for (const [path, pathItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const item = pathItem[method];
      if (!isObject(item)) continue;
      const entry = { method: method.toUpperCase(), path, item };
      const operation = BY_ROUTE.get(routeKey(method, path));
      if (operation) byOperation.set(operation.id, entry);
      else extra.push(entry);
    }
  }
  return { document, byOperation, extra };
}

/** `#/components/...` inside the document; the value itself when it is no reference. */
export function deref(document: Json, value: unknown): unknown {
  let current = value;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 16; depth++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined;
    current = target;
  }
  return current;
}
