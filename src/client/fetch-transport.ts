import { onAbort } from '../limits/abort-listeners.js';
import { type FetchLike, type Transport, type TransportResponse, TransportTimeout } from './transport.js';

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
 * Sends with a WHATWG `fetch`. Given `globalThis.fetch` itself, it looks the global up on every
 * call: MSW replaces it when its server starts listening, which may be after the client was made.
 */
export function fetchTransport(fetchImpl: FetchLike): Transport {
  const current: () => FetchLike = fetchImpl === globalThis.fetch ? () => globalThis.fetch : () => fetchImpl;
  return async ({ method, origin, path, headers, body, timeoutMs, signal }) => {
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
      () => abort(new TransportTimeout(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const stopWaiting = signal ? onAbort(signal, () => abort(signal.reason)) : undefined;
    try {
      const response = await current()(`${origin}${path}`, {
        method,
        headers,
        body,
        signal: controller.signal,
      });
      const text = await new Promise<string>((resolve, reject) => {
        stopReading = (reason) => {
          response.body?.cancel(reason).catch(() => {});
          reject(reason);
        };
        if (controller.signal.aborted) return stopReading(controller.signal.reason);
        response.text().then(resolve, reject);
      });
      return new FetchedAnswer(response, text);
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      throw reason instanceof TransportTimeout ? reason : error;
    } finally {
      clearTimeout(timer);
      stopWaiting?.();
    }
  };
}
