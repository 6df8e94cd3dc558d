import type { Dispatcher } from 'undici';
import { loadGlobalDispatcher } from '#undici-loader';
import { onAbort } from '../limits/abort-listeners.js';

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

/** The deadline passed; the pipeline turns this into a LoyaltyTimeoutError. */
export class TransportTimeout extends Error {
  override name = 'TransportTimeout';
}

function headersFrom(raw: Buffer[] | string[] | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!raw) return headers;
  for (let index = 0; index < raw.length; index += 2) {
    const name = String(raw[index]).toLowerCase();
    const value = String(raw[index + 1]);
    const previous = headers[name];
    headers[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return headers;
}

/**
 * An answer whose headers are made into a record only when first read: a successful call's
 * headers are read only through `withResponse()`, and the record costs a call about 2% of its CPU.
 */
class BufferedAnswer implements TransportResponse {
  #headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    private readonly rawHeaders: Buffer[] | string[] | null,
    readonly text: string,
  ) {}

  get headers(): Record<string, string> {
    this.#headers ??= headersFrom(this.rawHeaders);
    return this.#headers;
  }
}

/**
 * A dispatch handler that keeps the whole body in memory: the SDK decodes whole envelopes, so the
 * stream machinery of `undici.request` would be cost without use. It speaks undici's handler API
 * that every Dispatcher accepts (Agent, ProxyAgent, MockAgent, the in-process engine).
 */
class BufferingHandler {
  #status = 0;
  #rawHeaders: Buffer[] | string[] | null = null;
  #chunks: Buffer[] = [];
  #abort: ((reason: Error) => void) | undefined;
  #cancelled: Error | undefined;
  #settled = false;

  constructor(
    private readonly resolve: (response: TransportResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  /** Ends the request from outside (timeout, the caller's signal). */
  cancel(reason: Error): void {
    if (this.#settled) return;
    this.#cancelled = reason;
    if (this.#abort) this.#abort(reason);
    else this.#fail(reason);
  }

  onConnect(abort: (reason: Error) => void): void {
    this.#abort = abort;
    if (this.#cancelled) abort(this.#cancelled);
  }

  onHeaders(status: number, rawHeaders: Buffer[] | string[] | null): boolean {
    if (status >= 200) {
      this.#status = status;
      this.#rawHeaders = rawHeaders;
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.#settled) return;
    this.#settled = true;
    const text =
      this.#chunks.length === 1
        ? (this.#chunks[0] as Buffer).toString('utf8')
        : Buffer.concat(this.#chunks).toString('utf8');
    this.resolve(new BufferedAnswer(this.#status, this.#rawHeaders, text));
  }

  onError(error: Error): void {
    this.#fail(this.#cancelled ?? error);
  }

  #fail(error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.reject(error);
  }
}

function send(dispatcher: Dispatcher, request: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    let stopWaiting: (() => void) | undefined;
    const handler = new BufferingHandler(
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
        handler as unknown as Dispatcher.DispatchHandler,
      );
    } catch (error) {
      handler.onError(error as Error);
    }
  });
}

/** Sends through `dispatcher`, or undici's shared Agent, loaded on the first request. */
export function undiciTransport(dispatcher: Dispatcher | undefined): Transport {
  let target = dispatcher;
  return (request) => {
    if (target) return send(target, request);
    return loadGlobalDispatcher().then((loaded) => {
      target = loaded;
      return send(loaded, request);
    });
  };
}
