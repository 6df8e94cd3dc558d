import { buildOpenApiDocument } from '../../openapi/document.js';
import type { Caller } from '../state/caller.js';
import type { Handlers } from './context.js';

/** A key's scopes never change, so its document is built once. */
const documents = new WeakMap<Caller, Record<string, unknown>>();

function documentFor(caller: Caller): Record<string, unknown> {
  let document = documents.get(caller);
  if (!document) {
    document = buildOpenApiDocument(
      (operation) => operation.scope === null || caller.scopes.has(operation.scope),
    );
    documents.set(caller, document);
  }
  return document;
}

/** The read-only descriptions: levels, report catalog, and the OpenAPI document. */
export const catalogosHandlers: Pick<
  Handlers,
  'configuracion.niveles.list' | 'reportes.catalogo.retrieve' | 'openapi.retrieve'
> = {
  'configuracion.niveles.list': ({ store }) => store.levels,
  'reportes.catalogo.retrieve': ({ store }) => store.reportCatalog,
  'openapi.retrieve': ({ caller }) => documentFor(caller) as ReturnType<Handlers['openapi.retrieve']>,
};
