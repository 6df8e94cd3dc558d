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

function cancelBody(response: Response, reason: unknown): void {
  response.body?.cancel(reason).catch(() => {});
}

/**
 * One request through `fetch` and everything that may end it early: its deadline and the caller's
 * signal both abort the request and, once the answer has begun, stop the wait for its body.
 * Some fetch implementations (MSW's among them) keep reading a stalled body after the signal,
 * which would hold the attempt past its deadline.
 */
class FetchAttempt {
  readonly controller = new AbortController();
  #stopReading: ((reason: unknown) => void) | undefined;

  abort(reason: unknown): void {
    this.controller.abort(reason);
    this.#stopReading?.(reason);
  }

  /** The body as text, or the abort's reason as soon as the request is aborted. */
  read(response: Response): Promise<string> {
    return new Promise((resolve, reject) => {
      const { signal } = this.controller;
      this.#stopReading = (reason) => {
        cancelBody(response, reason);
        reject(reason);
      };
      if (signal.aborted) return this.#stopReading(signal.reason);
      response.text().then(resolve, reject);
    });
  }
}

/**
 * Sends with a WHATWG `fetch`. Given `globalThis.fetch` itself, it looks the global up on every
 * call: MSW replaces it when its server starts listening, which may be after the client was made.
 */
export function fetchTransport(fetchImpl: FetchLike): Transport {
  const current: () => FetchLike = fetchImpl === globalThis.fetch ? () => globalThis.fetch : () => fetchImpl;
  return async ({ method, origin, path, headers, body, timeoutMs, signal }) => {
    const attempt = new FetchAttempt();
    // Made only when the deadline passes: an Error's stack trace costs more than the rest of the setup.
    const timer = setTimeout(
      () => attempt.abort(new TransportTimeout(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const stopWaiting = signal ? onAbort(signal, () => attempt.abort(signal.reason)) : undefined;
    const { controller } = attempt;
    try {
      const response = await current()(`${origin}${path}`, {
        method,
        headers,
        body,
        signal: controller.signal,
      });
      return new FetchedAnswer(response, await attempt.read(response));
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      throw reason instanceof TransportTimeout ? reason : error;
    } finally {
      clearTimeout(timer);
      stopWaiting?.();
    }
  };
}
