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
    this.resolve({ status: this.#status, headers: headersFrom(this.#rawHeaders), text });
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

/**
 * The body as text, or the signal's reason as soon as it fires: some fetch implementations (MSW's
 * among them) keep reading a stalled body after the signal, which would hold the attempt past
 * its deadline.
 */
function readWithin(response: Response, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const cancel = () => {
      response.body?.cancel(signal.reason).catch(() => {});
      reject(signal.reason);
    };
    if (signal.aborted) return cancel();
    const stopWaiting = onAbort(signal, cancel);
    response.text().then(
      (text) => {
        stopWaiting();
        resolve(text);
      },
      (error: unknown) => {
        stopWaiting();
        reject(error);
      },
    );
  });
}

/**
 * The answer of a `fetch`, its headers copied only when first read: reading a Response's headers
 * costs a call 5% of a local request's CPU, and a successful call's headers are read only through
 * `withResponse()`.
 */
function fetchedAnswer(response: Response, text: string): TransportResponse {
  return {
    status: response.status,
    text,
    get headers() {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      Object.defineProperty(this, 'headers', { value: headers, enumerable: true });
      return headers;
    },
  };
}

/**
 * Sends with a WHATWG `fetch`. Given `globalThis.fetch` itself, it looks the global up on every
 * call: MSW replaces it when its server starts listening, which may be after the client was made.
 */
export function fetchTransport(fetchImpl: FetchLike): Transport {
  const current: () => FetchLike = fetchImpl === globalThis.fetch ? () => globalThis.fetch : () => fetchImpl;
  return async ({ method, origin, path, headers, body, timeoutMs, signal }) => {
    const controller = new AbortController();
    // Made only when the deadline passes: an Error's stack trace costs more than the rest of the setup.
    const timer = setTimeout(
      () => controller.abort(new TransportTimeout(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const stopWaiting = signal ? onAbort(signal, () => controller.abort(signal.reason)) : undefined;
    try {
      const response = await current()(`${origin}${path}`, {
        method,
        headers,
        body,
        signal: controller.signal,
      });
      return fetchedAnswer(response, await readWithin(response, controller.signal));
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      throw reason instanceof TransportTimeout ? reason : error;
    } finally {
      clearTimeout(timer);
      stopWaiting?.();
    }
  };
}
