import type { Dispatcher } from 'undici';

/** Response headers as undici's current handler API hands them: lower-case names, a repeated header as a list. */
export type AnswerHeaders = Record<string, string | string[] | undefined>;

function latin1(value: Buffer | string): string {
  return typeof value === 'string' ? value : value.toString('latin1');
}

/** Raw header pairs as undici's current API hands them (`parseHeaders` of undici 7): Latin-1, names in lower case. */
function headersOf(raw: Buffer[] | string[] | null): AnswerHeaders {
  const headers: AnswerHeaders = {};
  if (!raw) return headers;
  for (let index = 0; index < raw.length; index += 2) {
    const name = latin1(raw[index] as Buffer | string).toLowerCase();
    const value = latin1(raw[index + 1] as Buffer | string);
    const previous = Object.hasOwn(headers, name) ? headers[name] : undefined;
    if (previous === undefined) headers[name] = value;
    else if (typeof previous === 'string') headers[name] = [previous, value];
    else previous.push(value);
  }
  return headers;
}

/**
 * The controller undici 7 makes for a legacy dispatcher (its `UnwrapController`). Its state is plain
 * fields: the handler reads it through `Dispatcher.DispatchController`, which makes them read-only.
 */
class LegacyController implements Dispatcher.DispatchController {
  reason: Error | null = null;
  paused = false;
  resumeReading: (() => void) | undefined;

  constructor(private readonly abortRequest: (reason?: Error) => void) {}

  get aborted(): boolean {
    return this.reason !== null;
  }

  abort(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.abortRequest(reason);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.resumeReading?.();
  }
}

/** A handler of undici's current API, every callback there (the legacy ones are added to it). */
export type CurrentHandler = Required<
  Pick<
    Dispatcher.DispatchHandler,
    'onRequestStart' | 'onResponseStart' | 'onResponseData' | 'onResponseEnd' | 'onResponseError'
  >
>;

/**
 * `handler`, written against undici's current API (`onRequestStart` to `onResponseEnd`, which
 * undici 7's dispatchers drive), with the legacy callbacks added for dispatchers that know no other:
 * undici 6's, which Node 20 bundles and makes undici's global dispatcher when the process calls
 * `fetch` before undici is loaded. Each legacy call becomes its current-API counterpart. The
 * callbacks are added to `handler` itself (one request's), not to a wrapper forwarding the current
 * calls, which would weigh on the main entry on Node. Only the undici transport uses this, which
 * Node's `#undici-loader` alone reaches: a Workers or browser bundle carries neither.
 */
export function withLegacyCallbacks(handler: CurrentHandler): Dispatcher.DispatchHandler {
  let legacy: LegacyController | undefined;
  // A legacy dispatcher may report an error before it connects: a controller with nothing to abort.
  const controller = (): LegacyController => {
    legacy ??= new LegacyController(() => {});
    return legacy;
  };
  return Object.assign(handler, {
    // undici 6 hands onConnect no context (undici 7 gives its current-API handlers an object).
    onConnect(abort: (reason?: Error) => void): void {
      legacy = new LegacyController(abort);
      handler.onRequestStart(legacy, {});
    },
    onHeaders(
      statusCode: number,
      rawHeaders: Buffer[] | string[] | null,
      resume: () => void,
      statusMessage?: string,
    ): boolean {
      const current = controller();
      current.resumeReading = resume;
      handler.onResponseStart(current, statusCode, headersOf(rawHeaders), statusMessage);
      return !current.paused;
    },
    onData(chunk: Buffer): boolean {
      const current = controller();
      handler.onResponseData(current, chunk);
      return !current.paused;
    },
    onComplete(rawTrailers: Buffer[] | string[] | null): void {
      handler.onResponseEnd(controller(), headersOf(rawTrailers));
    },
    onError(error: Error): void {
      handler.onResponseError(controller(), error);
    },
  });
}
