import type { EnvelopeMeta } from '../operations/envelope.js';
import { REPLAYED_HEADER_NAME } from '../operations/headers.js';
import type { TransportResponse } from './transport.js';

export interface ApiResponse<Data> {
  data: Data;
  meta: EnvelopeMeta;
  status: number;
  headers: Record<string, string>;
  /** The Idempotency-Key actually sent, or undefined. */
  idempotencyKey: string | undefined;
  /**
   * True when the service answered with `Idempotent-Replayed: true`: the key was used before,
   * this is the first answer given again, and nothing was applied again. False otherwise (a call
   * without a key is never a replay).
   */
  replayed: boolean;
}

/** Whether an answer is a replay: the call sent a key, and the service said it answered it before. */
export function isReplay(answer: TransportResponse, idempotencyKey: string | undefined): boolean {
  return idempotencyKey !== undefined && answer.headers[REPLAYED_HEADER_NAME] === 'true';
}

/** Where a call's answer keeps the transport's answer its headers are read from; not a key of the record. */
const ANSWER = Symbol('answer');

function readHeaders(this: CallResponse<unknown>): Record<string, string> {
  return this[ANSWER].headers;
}

function readReplayed(this: CallResponse<unknown>): boolean {
  return isReplay(this[ANSWER], this.idempotencyKey);
}

/**
 * A successful call's answer, the record `withResponse()` gives. `headers` (and `replayed`, read
 * from them) read through to the transport's answer, which makes its header record only when
 * first asked; they are still keys of the record, so it spreads, serializes and prints whole.
 * Defined on each record with shared getters: an object literal with getters of its own costs
 * a call more CPU than all of its decoding (docs/decisions.md).
 */
export class CallResponse<Data> implements ApiResponse<Data> {
  data: Data;
  meta: EnvelopeMeta;
  status: number;
  declare readonly headers: Record<string, string>;
  idempotencyKey: string | undefined;
  declare readonly replayed: boolean;
  declare readonly [ANSWER]: TransportResponse;

  constructor(data: Data, meta: EnvelopeMeta, answer: TransportResponse, idempotencyKey: string | undefined) {
    this.data = data;
    this.meta = meta;
    this.status = answer.status;
    Object.defineProperty(this, 'headers', { get: readHeaders, enumerable: true });
    this.idempotencyKey = idempotencyKey;
    Object.defineProperty(this, 'replayed', { get: readReplayed, enumerable: true });
    Object.defineProperty(this, ANSWER, { value: answer });
  }
}

/**
 * The promise every method returns: it resolves to `data`, and `.withResponse()` gives the
 * whole answer. `data` is derived only when awaited, so a caller who uses `.withResponse()`
 * alone leaves no second promise to reject unhandled.
 */
export class APIPromise<Data> extends Promise<Data> {
  readonly #response: Promise<ApiResponse<Data>>;
  #data: Promise<Data> | undefined;

  constructor(response: Promise<ApiResponse<Data>>) {
    super((resolve) => resolve(undefined as Data));
    this.#response = response;
  }

  // Promises derived with then/catch/finally are plain promises, not APIPromises.
  static override get [Symbol.species]() {
    return Promise;
  }

  withResponse(): Promise<ApiResponse<Data>> {
    return this.#response;
  }

  #dataPromise(): Promise<Data> {
    this.#data ??= this.#response.then((response) => response.data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a promise; then() derives data lazily.
  override then<Result1 = Data, Result2 = never>(
    onfulfilled?: ((value: Data) => Result1 | PromiseLike<Result1>) | null,
    onrejected?: ((reason: unknown) => Result2 | PromiseLike<Result2>) | null,
  ): Promise<Result1 | Result2> {
    return this.#dataPromise().then(onfulfilled, onrejected);
  }

  override catch<Result = never>(
    onrejected?: ((reason: unknown) => Result | PromiseLike<Result>) | null,
  ): Promise<Data | Result> {
    return this.#dataPromise().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<Data> {
    return this.#dataPromise().finally(onfinally);
  }
}
