import { maskSecretIn } from '../core/index.js';
import { API_PREFIX } from '../operations/limits.js';
import { type ApiErrorInit, RedirectError } from './errors.js';

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
