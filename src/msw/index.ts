/**
 * MSW request handlers backed by the reference engine (`msw` is an optional peer dependency).
 * May use the reference server (through src/server/internal.ts), the client (its types and its
 * reading of a baseUrl) and the table.
 *
 * @packageDocumentation
 * @module loyalty-sdk/msw
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import { resolveApiUrl, specBaseUrl } from '../client/base-url.js';
import { operations } from '../operations/table.js';
import {
  ADMIN_PREFIX,
  createReferenceEngine,
  type EngineResponse,
  type ReferenceServerOptions,
} from '../server/internal.js';

export interface LoyaltyHandlersOptions extends ReferenceServerOptions {
  /**
   * The spec's `{base_url}` the handlers answer on, e.g. `https://loyalty.test`: the baseUrl the
   * client is given, in any form the client takes (with or without `/ext/v3` and a trailing slash).
   */
  baseUrl: string;
}

/** MSW's path syntax for a table path: `/clientes/{uid}` -> `/clientes/:uid`. */
function mswPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A body that sends its first `bytes` bytes and then nothing. It errors after `stallMs`, or as
 * soon as the client aborts the request (as a closed socket would tell a real server): MSW's fetch
 * does not end a body being read when the request's signal fires.
 */
function stalledBody(
  body: string,
  bytes: number,
  stallMs: number,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(body).subarray(0, bytes));
      const end = (reason: unknown) => {
        stop();
        controller.error(reason);
      };
      const onAbort = () => end(signal.reason);
      const timer = setTimeout(() => end(new Error('fault injected: stalled body')), stallMs);
      timer.unref();
      signal.addEventListener('abort', onAbort, { once: true });
      stop = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
    },
    cancel() {
      stop();
    },
  });
}

/** The MSW form of an engine answer, with its injected fault (if any) realised. */
async function toMswResponse(response: EngineResponse, signal: AbortSignal): Promise<Response> {
  const { fault } = response;
  const init = { status: response.status, headers: response.headers };
  if (fault === undefined) return new HttpResponse(response.body, init);
  if (fault.delayMs > 0) await wait(fault.delayMs);
  if (fault.action === 'drop') return HttpResponse.error();
  if (fault.action === 'stall')
    return new HttpResponse(stalledBody(response.body, fault.afterBytes, fault.stallMs, signal), init);
  return new HttpResponse(response.body, init);
}

/**
 * MSW request handlers for the 18 operations (plus the admin routes and a 404 for anything
 * else under the base URL), all answered by one reference engine: state, keys, scopes,
 * idempotency, limits, help and the OpenAPI document behave as on the HTTP reference server.
 */
export function createLoyaltyHandlers(options: LoyaltyHandlersOptions) {
  const { baseUrl, ...engineOptions } = options;
  if (typeof baseUrl !== 'string' || baseUrl === '') {
    throw new TypeError('createLoyaltyHandlers: baseUrl is required, the one the client is given');
  }
  const api = resolveApiUrl(baseUrl);
  const apiUrl = `${api.origin}${api.basePath}`;
  const base = specBaseUrl(api);
  const basePath = base.slice(api.origin.length);
  const engine = createReferenceEngine(engineOptions);

  const answer = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : new Uint8Array(await request.arrayBuffer());
    const response = await engine.handle({
      method: request.method,
      path: url.pathname.slice(basePath.length) || '/',
      query: url.search.slice(1),
      headers,
      body: body && body.byteLength > 0 ? body : undefined,
      baseUrl: base,
    });
    return toMswResponse(response, request.signal);
  };

  const handlers: RequestHandler[] = operations.map((operation) =>
    http[operation.method.toLowerCase() as 'get' | 'post' | 'patch'](
      `${apiUrl}${mswPath(operation.path)}`,
      answer,
    ),
  );
  handlers.push(http.all(`${base}${ADMIN_PREFIX}*`, answer), http.all(`${apiUrl}/*`, answer));
  return { handlers, admin: engine.admin };
}
