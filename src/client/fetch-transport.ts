import { onAbort } from '../limits/abort-listeners.js';
import {
  declaredOver,
  type FetchLike,
  type Transport,
  type TransportResponse,
  TransportTimeoutError,
  TransportTooLargeError,
} from './transport.js';

/**
 * The answer of a `fetch`, its headers copied only when first read: reading a Response's headers
 * costs a call 5% of a local request's CPU, and a successful call's headers are read only through
 * `withResponse()`. A class rather than an object with its own getter: V8 makes such objects slowly.
 */
class FetchedAnswer implements TransportResponse {
  readonly status: number;
  #headers: Record<string, string> | undefined;

  constructor(
    private readonly response: Response,
    readonly text: string,
  ) {
    this.status = response.status;
  }

  get headers(): Record<string, string> {
    if (this.#headers) return this.#headers;
    const headers: Record<string, string> = {};
    this.response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    this.#headers = headers;
    return headers;
  }
}

/**
 * The body as text, reading at most `limit` bytes of it as the runtime decodes it: a compressed
 * answer is counted after `fetch` has expanded it, so a small bomb stops at the limit too.
 */
async function readText(response: Response, limit: number): Promise<string> {
  const length = response.headers.get('content-length');
  if (length !== null) {
    const tooLarge = declaredOver(length, limit);
    if (tooLarge) throw tooLarge;
    // A Content-Length within the limit bounds what the parser reads, unless the runtime decodes it.
    if (!response.headers.has('content-encoding')) return response.text();
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    received += value.byteLength;
    if (received > limit) {
      reader.cancel().catch(() => {});
      throw new TransportTooLargeError(limit, received, undefined);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * Sends with a WHATWG `fetch`. Given `globalThis.fetch` itself, it looks the global up on every
 * call: MSW replaces it when its server starts listening, which may be after the client was made.
 * A redirect is never followed (`redirect: 'manual'`): the other origin would receive the key,
 * the Idempotency-Key and, on a 307 or 308, the body. The 3xx is the answer, which decoding
 * turns into a RedirectError; a browser shows it as an opaque redirect, status 0.
 */
export function fetchTransport(fetchImpl: FetchLike): Transport {
  const current: () => FetchLike = fetchImpl === globalThis.fetch ? () => globalThis.fetch : () => fetchImpl;
  return async ({ method, origin, path, headers, body, timeoutMs, signal, maxResponseBytes }) => {
    const controller = new AbortController();
    // Set once the answer has begun: some fetch implementations (MSW's among them) keep reading a
    // stalled body after the signal, which would hold the attempt past its deadline.
    let stopReading: ((reason: unknown) => void) | undefined;
    const abort = (reason: unknown) => {
      controller.abort(reason);
      stopReading?.(reason);
    };
    // Made only when the deadline passes: an Error's stack trace costs more than the rest of the setup.
    const timer = setTimeout(
      () => abort(new TransportTimeoutError(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const stopWaiting = signal ? onAbort(signal, () => abort(signal.reason)) : undefined;
    try {
      const response = await current()(`${origin}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: controller.signal,
      });
      const text = await new Promise<string>((resolve, reject) => {
        stopReading = (reason) => {
          response.body?.cancel(reason).catch(() => {});
          reject(reason);
        };
        if (controller.signal.aborted) return stopReading(controller.signal.reason);
        readText(response, maxResponseBytes).then(resolve, reject);
      });
      return new FetchedAnswer(response, text);
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      throw reason instanceof TransportTimeoutError ? reason : error;
    } finally {
      clearTimeout(timer);
      stopWaiting?.();
    }
  };
}
