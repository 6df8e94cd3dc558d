import type { Dispatcher } from 'undici';
import { loadGlobalDispatcher, withLegacyCallbacks } from '#undici-loader';
import { counted } from '../core/index.js';
import { onAbort } from '../limits/abort-listeners.js';
import type { AnswerHeaders } from './undici-handler.js';

export interface TransportRequest {
  method: string;
  /** `http://host:port` */
  origin: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The attempt's deadline, headers and body together. */
  timeoutMs: number;
  /** The caller's signal, if any. */
  signal: AbortSignal | undefined;
  /** The most bytes of body read; past it the transport stops reading and rejects with `TransportTooLarge`. */
  maxResponseBytes: number;
}

export interface TransportResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

/** Sends a request and reads the whole answer; rejects with `TransportTimeout` past the deadline. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The deadline passed; the attempt turns this into a LoyaltyTimeoutError. */
export class TransportTimeout extends Error {
  override name = 'TransportTimeout';
}

/** The answer is larger than `maxResponseBytes`; the attempt turns this into a LoyaltyResponseTooLargeError. */
export class TransportTooLarge extends Error {
  override name = 'TransportTooLarge';

  constructor(
    readonly limitBytes: number,
    /** What had arrived when reading stopped: 0 when a Content-Length over the limit was refused. */
    readonly receivedBytes: number,
    /** The Content-Length the service declared, when it declared one over the limit. */
    readonly declaredBytes: number | undefined,
  ) {
    super(
      declaredBytes === undefined
        ? `more than ${counted(limitBytes, 'byte')} arrived`
        : `the answer declares ${declaredBytes} bytes (Content-Length)`,
    );
  }
}

/** A Content-Length over `limit`, refused before any of the body is read; undefined when within it or absent. */
export function declaredOver(
  contentLength: string | null | undefined,
  limit: number,
): TransportTooLarge | undefined {
  if (!contentLength) return undefined;
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limit
    ? new TransportTooLarge(limit, 0, declared)
    : undefined;
}

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
 * `withLegacyCallbacks` of `#undici-loader` adds undici 6's callbacks on Node. Whatever throws in
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
      this.cancel(new TransportTooLarge(this.limit, this.#received, undefined));
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
      () => handler.cancel(new TransportTimeout(`no complete answer within ${request.timeoutMs} ms`)),
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
 * (undici is loaded on the first).
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
