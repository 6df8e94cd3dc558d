import type { Dispatcher } from 'undici';
import { loadGlobalDispatcher } from '#undici-loader';
import { counted } from '../core/index.js';
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
 * A dispatch handler that keeps the whole body in memory, up to the call's limit: the SDK decodes
 * whole envelopes, so the stream machinery of `undici.request` would be cost without use. It
 * speaks undici's handler API that every Dispatcher accepts (Agent, ProxyAgent, MockAgent, the
 * in-process engine). Whatever throws in a callback settles the call with it: undici ignores what
 * a handler throws once the request has completed, and the call would never end.
 */
class BufferingHandler {
  #status = 0;
  #rawHeaders: Buffer[] | string[] | null = null;
  #chunks: Buffer[] = [];
  #received = 0;
  #abort: ((reason: Error) => void) | undefined;
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
      this.#abort?.(reason);
    } catch {
      // The connection is being torn down already; the call has settled.
    }
  }

  onConnect(abort: (reason: Error) => void): void {
    this.#abort = abort;
    if (this.#cancelled) abort(this.#cancelled);
  }

  onHeaders(status: number, rawHeaders: Buffer[] | string[] | null): boolean {
    if (status < 200) return true;
    this.#status = status;
    this.#rawHeaders = rawHeaders;
    const tooLarge = declaredOver(contentLengthOf(rawHeaders), this.limit);
    if (tooLarge) this.cancel(tooLarge);
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.#cancelled) return false;
    this.#received += chunk.length;
    if (this.#received > this.limit) {
      this.cancel(new TransportTooLarge(this.limit, this.#received, undefined));
      return false;
    }
    this.#chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.#settled) return;
    if (this.#cancelled) {
      this.#fail(this.#cancelled);
      return;
    }
    let text: string;
    try {
      text =
        this.#chunks.length === 1
          ? (this.#chunks[0] as Buffer).toString('utf8')
          : Buffer.concat(this.#chunks).toString('utf8');
    } catch (error) {
      this.#fail(error as Error);
      return;
    }
    this.#settled = true;
    this.#chunks = [];
    this.resolve(new BufferedAnswer(this.#status, this.#rawHeaders, text));
  }

  onError(error: Error): void {
    this.#fail(this.#cancelled ?? error);
  }

  #fail(error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#chunks = [];
    this.reject(error);
  }
}

/** The raw headers' Content-Length, found without building the header record. */
function contentLengthOf(raw: Buffer[] | string[] | null): string | undefined {
  if (!raw) return undefined;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as Buffer | string;
    if (name.length === 14 && String(name).toLowerCase() === 'content-length') return String(raw[index + 1]);
  }
  return undefined;
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
        handler as unknown as Dispatcher.DispatchHandler,
      );
    } catch (error) {
      handler.onError(error as Error);
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
