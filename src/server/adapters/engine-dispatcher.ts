import { Dispatcher } from 'undici';
import type { DeliveryFault, EngineRequest, EngineResponse } from '../answers/response.js';

export type HandleRequest = (request: EngineRequest) => Promise<EngineResponse>;

/** What the dispatcher does with an answer, whichever handler API undici hands it. */
interface ResponseSink {
  start(abort: (reason?: Error) => void): void;
  respond(response: EngineResponse): void;
  /** Status, headers and the first `bytes` bytes of the body; the end never comes. */
  respondPartly(response: EngineResponse, bytes: number): void;
  fail(error: Error): void;
}

type LegacyHandler = Dispatcher.DispatchHandler & {
  onConnect?(abort: (reason?: Error) => void): void;
  onHeaders?(
    status: number,
    rawHeaders: Buffer[],
    resume: () => void,
    statusText: string,
  ): boolean | undefined;
  onData?(chunk: Buffer): boolean | undefined;
  onComplete?(trailers: Buffer[]): void;
  onError?(error: Error): void;
};

function rawHeaders(headers: Record<string, string>): Buffer[] {
  const raw: Buffer[] = [];
  for (const [name, value] of Object.entries(headers))
    raw.push(Buffer.from(name), Buffer.from(value, 'latin1'));
  return raw;
}

function sinkFor(handler: LegacyHandler): ResponseSink {
  if (handler.onRequestStart) {
    let reason: Error | null = null;
    // The dispatch's own abort: it also clears a fault's pending timer, then reports the error.
    let abortDispatch: (reason?: Error) => void = () => {};
    const controller: Dispatcher.DispatchController = {
      abort: (error: Error) => {
        if (reason) return;
        reason = error ?? new Error('aborted');
        abortDispatch(reason);
      },
      pause() {},
      resume() {},
      get aborted() {
        return reason !== null;
      },
      paused: false,
      get reason() {
        return reason;
      },
    };
    return {
      start: (abort) => {
        abortDispatch = abort;
        handler.onRequestStart?.(controller, {});
      },
      respond: (response) => {
        if (reason) return;
        handler.onResponseStart?.(controller, response.status, response.headers, '');
        handler.onResponseData?.(controller, Buffer.from(response.body));
        handler.onResponseEnd?.(controller, {});
      },
      respondPartly: (response, bytes) => {
        if (reason) return;
        const body = Buffer.from(response.body);
        const headers = { ...response.headers, 'content-length': String(body.length) };
        handler.onResponseStart?.(controller, response.status, headers, '');
        handler.onResponseData?.(controller, body.subarray(0, bytes));
      },
      fail: (error) => handler.onResponseError?.(controller, error),
    };
  }
  return {
    start: (abort) => handler.onConnect?.(abort),
    respond: (response) => {
      handler.onHeaders?.(response.status, rawHeaders(response.headers), () => {}, '');
      handler.onData?.(Buffer.from(response.body));
      handler.onComplete?.([]);
    },
    respondPartly: (response, bytes) => {
      const body = Buffer.from(response.body);
      const headers = { ...response.headers, 'content-length': String(body.length) };
      handler.onHeaders?.(response.status, rawHeaders(headers), () => {}, '');
      handler.onData?.(body.subarray(0, bytes));
    },
    fail: (error) => handler.onError?.(error),
  };
}

async function readBody(body: Dispatcher.DispatchOptions['body']): Promise<Uint8Array | string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}

function lowerCaseHeaders(headers: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (Array.isArray(headers)) {
    for (let index = 0; index < headers.length; index += 2) {
      out[String(headers[index]).toLowerCase()] = String(headers[index + 1]);
    }
    return out;
  }
  const entries =
    typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function'
      ? [...(headers as Iterable<[string, string]>)]
      : Object.entries(headers as Record<string, string | string[] | undefined>);
  for (const [name, value] of entries) {
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** What a lost connection looks like to the client: an error, no status. */
function connectionDropped(): Error {
  return Object.assign(new Error('other side closed (fault injected: connection dropped)'), {
    code: 'UND_ERR_SOCKET',
  });
}

/**
 * Delivers an answer the fault injector touched: late, as an error, or stopped half-way.
 * `later` schedules work that an abort cancels.
 */
function deliverFaultToSink(
  sink: ResponseSink,
  response: EngineResponse,
  fault: DeliveryFault,
  later: (ms: number, run: () => void, unref?: boolean) => void,
): void {
  const realise = () => {
    if (fault.action === 'delay') return sink.respond(response);
    if (fault.action === 'drop') return sink.fail(connectionDropped());
    sink.respondPartly(response, fault.afterBytes);
    later(fault.stallMs, () => sink.fail(connectionDropped()), true);
  };
  if (fault.delayMs > 0) later(fault.delayMs, realise);
  else realise();
}

/**
 * An undici Dispatcher that hands each request to the reference engine in the same process:
 * no socket, no port. Give it to `LoyaltyClient` as `dispatcher`.
 */
export class EngineDispatcher extends Dispatcher {
  readonly #handle: HandleRequest;
  #closed = false;

  constructor(handle: HandleRequest) {
    super();
    this.#handle = handle;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const sink = sinkFor(handler as LegacyHandler);
    let aborted = false;
    let timer: NodeJS.Timeout | undefined;
    sink.start((reason) => {
      if (aborted) return;
      aborted = true;
      clearTimeout(timer);
      sink.fail(reason ?? new Error('The request was aborted'));
    });
    const later = (ms: number, run: () => void, unref = false) => {
      timer = setTimeout(() => {
        if (!aborted) run();
      }, ms);
      if (unref) timer.unref();
    };
    if (this.#closed) {
      sink.fail(new Error('The in-process dispatcher is closed'));
      return false;
    }
    const [path = '/', query = ''] = options.path.split(/\?(.*)/s, 2);
    readBody(options.body)
      .then((body) =>
        this.#handle({
          method: options.method,
          path,
          query,
          headers: lowerCaseHeaders(options.headers),
          body,
          baseUrl: options.origin === undefined ? undefined : String(options.origin).replace(/\/+$/, ''),
        }),
      )
      .then(
        (response) => {
          if (aborted) return;
          if (response.fault === undefined) sink.respond(response);
          else deliverFaultToSink(sink, response, response.fault, later);
        },
        (error: Error) => {
          if (!aborted) sink.fail(error);
        },
      );
    return true;
  }

  override async close(): Promise<void> {
    this.#closed = true;
  }

  override async destroy(): Promise<void> {
    this.#closed = true;
  }
}
