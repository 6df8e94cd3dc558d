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

/** The controller undici 7 makes for a legacy dispatcher (its `UnwrapController`). */
class LegacyController implements Dispatcher.DispatchController {
  #reason: Error | null = null;
  #paused = false;
  resumeReading: (() => void) | undefined;

  constructor(private readonly abortRequest: (reason?: Error) => void) {}

  get aborted(): boolean {
    return this.#reason !== null;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get reason(): Error | null {
    return this.#reason;
  }

  abort(reason: Error): void {
    if (this.#reason) return;
    this.#reason = reason;
    this.abortRequest(reason);
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.resumeReading?.();
  }
}

/**
 * A dispatch handler written against undici's current API (`onRequestStart` to `onResponseEnd`),
 * which undici 7's dispatchers drive. The legacy callbacks here are only for dispatchers that know
 * no other: undici 6's, which Node 20 bundles and makes undici's global dispatcher when the process
 * calls `fetch` before undici is loaded. They turn each call into its current-API counterpart.
 */
export abstract class UndiciHandler implements Dispatcher.DispatchHandler {
  #legacy: LegacyController | undefined;

  abstract onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void;
  abstract onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: AnswerHeaders,
    statusMessage?: string,
  ): void;
  abstract onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void;
  abstract onResponseEnd(controller: Dispatcher.DispatchController, trailers: AnswerHeaders): void;
  abstract onResponseError(controller: Dispatcher.DispatchController, error: Error): void;

  /** A legacy dispatcher may report an error before it connects: a controller with nothing to abort. */
  #controller(): LegacyController {
    this.#legacy ??= new LegacyController(() => {});
    return this.#legacy;
  }

  onConnect(abort: (reason?: Error) => void, context?: unknown): void {
    this.#legacy = new LegacyController(abort);
    this.onRequestStart(this.#legacy, context ?? {});
  }

  onHeaders(
    statusCode: number,
    rawHeaders: Buffer[] | string[] | null,
    resume: () => void,
    statusMessage?: string,
  ): boolean {
    const controller = this.#controller();
    controller.resumeReading = resume;
    this.onResponseStart(controller, statusCode, headersOf(rawHeaders), statusMessage);
    return !controller.paused;
  }

  onData(chunk: Buffer): boolean {
    const controller = this.#controller();
    this.onResponseData(controller, chunk);
    return !controller.paused;
  }

  onComplete(rawTrailers: Buffer[] | string[] | null): void {
    this.onResponseEnd(this.#controller(), headersOf(rawTrailers));
  }

  onError(error: Error): void {
    this.onResponseError(this.#controller(), error);
  }
}
