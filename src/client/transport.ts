import type { Dispatcher } from 'undici';

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

type UndiciRequest = typeof import('undici').request;

let undiciRequest: Promise<UndiciRequest> | undefined;

/** undici costs ~0.2 s to import; a client that never sends through it never loads it. */
function loadUndici(): Promise<UndiciRequest> {
  undiciRequest ??= import('undici').then((undici) => undici.request);
  return undiciRequest;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in raw) {
    const value = raw[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Sends with `undici.request`, through `dispatcher` when given. The body is read whole before returning. */
export function undiciTransport(dispatcher: Dispatcher | undefined): Transport {
  return async ({ method, url, headers, body, signal }) => {
    const request = await loadUndici();
    const response = await request(url, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body,
      signal,
      ...(dispatcher ? { dispatcher } : {}),
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: flattenHeaders(response.headers), text };
  };
}

/** Sends with a WHATWG `fetch` (e.g. globalThis.fetch, which MSW intercepts). */
export function fetchTransport(fetchImpl: FetchLike): Transport {
  return async ({ method, url, headers, body, signal }) => {
    const response = await fetchImpl(url, { method, headers, body, signal });
    const text = await response.text();
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    return { status: response.status, headers: out, text };
  };
}
