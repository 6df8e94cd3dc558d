import type { OperationDefinition } from '../operations/define.js';
import { SDK_VERSION } from '../version.js';

/** The operation's path with its parameters URL-encoded, each as one segment. */
export function buildPath(operation: OperationDefinition, params: Record<string, unknown>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

export function buildQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const USER_AGENT = `loyalty-sdk/${SDK_VERSION} node/${process.versions.node}`;

/**
 * Header precedence, lowest first: the SDK's defaults, the client's `defaultHeaders`, the
 * request's `headers`, then the headers the SDK owns (apikey, Idempotency-Key, Content-Type),
 * which callers cannot set (options.ts refuses them).
 */
export function buildHeaders(
  apiKey: string,
  defaultHeaders: Record<string, string>,
  requestHeaders: Record<string, string>,
  idempotencyKey: string | undefined,
  hasBody: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': USER_AGENT,
    ...defaultHeaders,
    ...requestHeaders,
    apikey: apiKey,
  };
  if (hasBody) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return headers;
}
