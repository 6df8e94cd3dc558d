import { ERROR_CODES } from '../operations/envelope.js';
import { API_PREFIX } from '../operations/limits.js';
import { specBaseUrl } from './base-url.js';
import { type ApiErrorInit, RouteNotFoundError } from './errors.js';

/**
 * Whether a 404 says the URL is wrong rather than that a resource is missing: the server said
 * so (its code for an unknown route), or the answer is not the envelope (a server other than
 * the API's), or the operation's path names no resource that could be missing.
 */
export function isRouteMiss(init: ApiErrorInit, namesResource: boolean): boolean {
  if (init.codigoRespuesta === ERROR_CODES.routeNotFound) return true;
  return init.msj === undefined || !namesResource;
}

/** The error of a 404 that names no resource: the full URL, what answered, and the baseUrl to check. */
export function routeMissError(init: ApiErrorInit, origin: string, basePath: string): RouteNotFoundError {
  const url = `${origin}${init.path ?? ''}`;
  const baseUrl = specBaseUrl({ origin, basePath });
  const requestId = typeof init.meta?.requestId === 'string' ? ` [requestId ${init.meta.requestId}]` : '';
  const said =
    init.msj === undefined
      ? `; ${init.explanation ?? 'no message'}`
      : ` (codigoRespuesta ${init.codigoRespuesta}: ${init.msj})`;
  return new RouteNotFoundError(
    init,
    url,
    `${init.operationId} (${init.method} ${url}) failed with 404: no operation of the API answers at ` +
      `this URL${said}${requestId}. The baseUrl is probably wrong: the SDK adds ${API_PREFIX}; baseUrl ` +
      `should be the spec's {base_url}, the address before ${API_PREFIX} (it is ${baseUrl}).`,
  );
}
