import { buildOpenApiDocument } from '../../openapi/document.js';
import type { Scope } from '../../operations/scopes.js';
import type { Caller } from '../state/caller.js';
import type { Handlers } from './context.js';

/** How many base URLs a key's documents are kept for; any Host header can make a new one. */
const KEPT_BASE_URLS = 8;

/** A key's scopes never change, so its document is built once for each base URL it is served at. */
const documents = new WeakMap<Caller, Map<string | undefined, Record<string, unknown>>>();

function documentFor(caller: Caller, baseUrl: string | undefined): Record<string, unknown> {
  let byBaseUrl = documents.get(caller);
  if (!byBaseUrl) {
    byBaseUrl = new Map();
    documents.set(caller, byBaseUrl);
  }
  const served = baseUrl !== undefined && URL.canParse(baseUrl) ? baseUrl : undefined;
  let document = byBaseUrl.get(served);
  if (!document) {
    const allowed = (scope: Scope | null) => scope === null || caller.scopes.has(scope);
    document = buildOpenApiDocument((operation) => allowed(operation.scope), served);
    if (byBaseUrl.size < KEPT_BASE_URLS) byBaseUrl.set(served, document);
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
  // Built only here, not for every request: the base URL an adapter gave, else the Host header's.
  'openapi.retrieve': ({ caller, baseUrl, host }) =>
    documentFor(caller, baseUrl ?? (host === undefined ? undefined : `http://${host}`)) as ReturnType<
      Handlers['openapi.retrieve']
    >,
};
