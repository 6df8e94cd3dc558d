import { API_KEY_HEADER, IDEMPOTENCY_HEADER_NAME } from '../core/index.js';
import type { OperationRow } from '../operations/define.js';
import { runtimeLabel } from '../runtime.js';
import { SDK_VERSION } from '../version.js';

type PathTemplate = readonly (string | { param: string })[];

const templates = new WeakMap<OperationRow, PathTemplate>();

function templateOf(operation: OperationRow): PathTemplate {
  let template = templates.get(operation);
  if (!template) {
    template = operation.path
      .split(/(\{\w+\})/)
      .filter(Boolean)
      .map((part) => (part.startsWith('{') ? { param: part.slice(1, -1) } : part));
    templates.set(operation, template);
  }
  return template;
}

/** The operation's path with its parameters URL-encoded, each as one segment. */
export function buildPath(operation: OperationRow, params: Record<string, unknown>): string {
  let path = '';
  for (const part of templateOf(operation)) {
    path += typeof part === 'string' ? part : encodeURIComponent(String(params[part.param]));
  }
  return path;
}

export function buildQuery(query: Record<string, unknown>): string {
  let search: URLSearchParams | undefined;
  for (const name in query) {
    const value = query[name];
    if (value === undefined) continue;
    search ??= new URLSearchParams();
    search.append(name, String(value));
  }
  return search ? `?${search}` : '';
}

const USER_AGENT = `loyalty-sdk/${SDK_VERSION} ${runtimeLabel()}`;

/** The SDK's own User-Agent, with the application's product (`appInfo`) after it when given. */
export function userAgent(appProduct: string | undefined): string {
  return appProduct === undefined ? USER_AGENT : `${USER_AGENT} ${appProduct}`;
}

/** What the SDK reads from an answer: the envelope of an operation, the plain text of its help. */
export type Accept = 'application/json' | 'text/plain';

/**
 * Header precedence, lowest first: the SDK's defaults (the `accept` the call reads, the
 * User-Agent), the client's `defaultHeaders`, the request's `headers`, then the headers the SDK
 * owns (apikey, Idempotency-Key, Content-Type), which callers cannot set (options.ts refuses them).
 */
export function buildHeaders(
  accept: Accept,
  apiKey: string,
  defaultHeaders: Record<string, string>,
  requestHeaders: Record<string, string>,
  idempotencyKey: string | undefined,
  hasBody: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept,
    'user-agent': USER_AGENT,
    ...defaultHeaders,
    ...requestHeaders,
    [API_KEY_HEADER]: apiKey,
  };
  if (hasBody) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER_NAME] = idempotencyKey;
  return headers;
}
