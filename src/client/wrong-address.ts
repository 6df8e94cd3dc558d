/**
 * Answers that say the call went to the wrong address: a 404 that names no resource (no operation
 * at that URL) and a redirect (the service lives elsewhere). Both errors say what baseUrl to set.
 */
import { maskSecretIn } from '../core/index.js';
import { ERROR_CODES } from '../operations/envelope.js';
import { API_PREFIX } from '../operations/limits.js';
import { specBaseUrl } from './base-url.js';
import { type ApiErrorInit, RedirectError, RouteNotFoundError } from './errors.js';
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

/** Whether an answer is a redirect: a 3xx, or the opaque redirect (status 0) a browser's `fetch` gives. */
export function isRedirect(status: number): boolean {
  return status === 0 || (status >= 300 && status < 400);
}

/** The target's origin and path (never its query), resolved against the request's URL; undefined when unreadable. */
function targetOf(location: string | undefined, requestUrl: string, apiKey: string): URL | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(maskSecretIn(location, apiKey), requestUrl);
    url.search = '';
    url.hash = '';
    url.username = '';
    url.password = '';
    return url;
  } catch {
    return undefined;
  }
}

/**
 * The baseUrl that would reach the target directly: its origin and whatever stands before the
 * API's prefix in its path, when the target is the same operation at another address.
 */
function baseUrlOf(target: URL, pathBelowOrigin: string, basePath: string): string {
  const operationPath = pathBelowOrigin.slice(basePath.length);
  const prefixed = `${API_PREFIX}${operationPath}`;
  if (operationPath !== '' && target.pathname.endsWith(prefixed)) {
    return `${target.origin}${target.pathname.slice(0, -prefixed.length)}`;
  }
  return target.origin;
}

/**
 * The error of a redirect, which the SDK never follows: where it points (origin and path), what
 * to set baseUrl to, and for a write that the redirecting host applied nothing.
 */
export function redirectError(
  init: ApiErrorInit,
  location: string | undefined,
  client: { origin: string; basePath: string; apiKey: string },
): RedirectError {
  const path = init.path ?? '';
  const target = targetOf(location, `${client.origin}${path}`, client.apiKey);
  const shown = target ? `${target.origin}${target.pathname}` : undefined;
  const answered =
    init.status === 0 ? 'a redirect the runtime hides (an opaque redirect)' : `${init.status}, a redirect`;
  const where = shown
    ? ` to ${shown}, which the SDK does not follow. The service redirects to ${target?.origin}: set baseUrl to ${baseUrlOf(target as URL, path, client.basePath)} if you trust it`
    : ' that names no target; the SDK does not follow redirects: check baseUrl';
  const applied =
    init.method === 'GET' || init.method === undefined
      ? ''
      : ` Nothing was applied by ${new URL(client.origin).host}, which answered with the redirect.`;
  return new RedirectError(
    init,
    shown,
    `${init.operationId} (${init.method} ${path}) was answered with ${answered}${where}.${applied}`,
  );
}
