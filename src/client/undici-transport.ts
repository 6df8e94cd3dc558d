import type { Dispatcher } from 'undici';
import { onAbort } from '../limits/abort-listeners.js';
import { loadGlobalDispatcher } from './global-dispatcher.js';
import {
  declaredOver,
  type Transport,
  type TransportRequest,
  type TransportResponse,
  TransportTimeoutError,
  TransportTooLargeError,
} from './transport.js';
import { type AnswerHeaders, withLegacyCallbacks } from './undici-handler.js';

function headersFrom(answer: AnswerHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in answer) {
    const value = answer[name];
    if (value !== undefined) headers[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return headers;
}

/**
 * An answer whose headers become a record of strings only when first read: a successful call's
 * headers are read only through `withResponse()`.
 */
class BufferedAnswer implements TransportResponse {
  #headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    private readonly answerHeaders: AnswerHeaders,
    readonly text: string,
  ) {}

  get headers(): Record<string, string> {
    this.#headers ??= headersFrom(this.answerHeaders);
    return this.#headers;
  }
}

/**
 * A dispatch handler that keeps the whole body in memory, up to the call's limit: the SDK decodes
 * whole envelopes, so the stream machinery of `undici.request` would be cost without use. It
 * speaks undici's current handler API (Agent, ProxyAgent, MockAgent, the in-process engine);
 * `withLegacyCallbacks` adds undici 6's callbacks for Node 20's built-in undici. Whatever throws in
 * a callback settles the call with it: undici ignores what a handler throws once the request has
 * completed, and the call would never end.
 */
class BufferingHandler implements Dispatcher.DispatchHandler {
  #status = 0;
  #headers: AnswerHeaders = {};
  #chunks: Buffer[] = [];
  #received = 0;
  #controller: Dispatcher.DispatchController | undefined;
  #cancelled: Error | undefined;
  #settled = false;

  constructor(
    private readonly limit: number,
    private readonly resolve: (response: TransportResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  /**
   * Ends the request from outside (timeout, the caller's signal) or from inside (the limit), and
   * settles the call at once rather than when undici reports the abort back.
   */
  cancel(reason: Error): void {
    if (this.#settled) return;
    this.#cancelled = reason;
    this.#fail(reason);
    try {
      this.#controller?.abort(reason);
    } catch {
      // The connection is being torn down already; the call has settled.
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#cancelled) controller.abort(this.#cancelled);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: AnswerHeaders): void {
    if (status < 200) return;
    this.#status = status;
    this.#headers = headers;
    const length = headers['content-length'];
    const tooLarge = declaredOver(typeof length === 'string' ? length : length?.[0], this.limit);
    if (tooLarge) this.cancel(tooLarge);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#cancelled) return;
    this.#received += chunk.length;
    if (this.#received > this.limit) {
      this.cancel(new TransportTooLargeError(this.limit, this.#received, undefined));
      return;
    }
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    if (this.#cancelled) {
      this.#fail(this.#cancelled);
      return;
    }
    let text: string;
    try {
      text =
        this.#chunks.length === 1
          ? (this.#chunks[0] as Buffer).toString()
          : Buffer.concat(this.#chunks).toString();
    } catch (error) {
      this.#fail(error as Error);
      return;
    }
    this.#settled = true;
    this.#chunks = [];
    this.resolve(new BufferedAnswer(this.#status, this.#headers, text));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#fail(this.#cancelled ?? error);
  }

  #fail(error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#chunks = [];
    this.reject(error);
  }
}

function send(dispatcher: Dispatcher, request: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    let stopWaiting: (() => void) | undefined;
    const handler = new BufferingHandler(
      request.maxResponseBytes,
      (response) => {
        clearTimeout(timer);
        stopWaiting?.();
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        stopWaiting?.();
        reject(error);
      },
    );
    const timer = setTimeout(
      () => handler.cancel(new TransportTimeoutError(`no complete answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    if (signal) {
      const cancel = () => handler.cancel(signal.reason ?? new Error('aborted'));
      if (signal.aborted) return cancel();
      stopWaiting = onAbort(signal, cancel);
    }
    try {
      dispatcher.dispatch(
        {
          origin: request.origin,
          path: request.path,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body ?? null,
        },
        withLegacyCallbacks(handler),
      );
    } catch (error) {
      handler.cancel(error as Error);
    }
  });
}

/**
 * Sends through `dispatcher`, or else through undici's global dispatcher as it is at each request
 * (undici is loaded on the first). The client reaches it through `#undici-loader`, so that a
 * Workers or browser bundle carries none of this file; what it shares with the `fetch` transport
 * (the deadline's and the size limit's errors) is in transport.ts.
 */
export function undiciTransport(dispatcher: Dispatcher | undefined): Transport {
  if (dispatcher) return (request) => send(dispatcher, request);
  let globalDispatcher: (() => Dispatcher) | undefined;
  return (request) => {
    if (globalDispatcher) return send(globalDispatcher(), request);
    return loadGlobalDispatcher().then((read) => {
      globalDispatcher = read;
      return send(read(), request);
    });
  };
}
