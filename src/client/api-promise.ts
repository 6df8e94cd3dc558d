import { REPLAYED_HEADER_NAME } from '../core/index.js';
import type { EnvelopeMeta } from '../operations/envelope.js';
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

/**
 * A successful call's answer as a call resolves it: `headers` (and `replayed`, read from
 * them) read through to the transport's answer, which makes its header record only when first
 * asked. Getters on the prototype, so that making one costs nothing a call would notice: an
 * object literal with getters of its own cost a call more CPU than all of its decoding
 * (docs/decisions.md). `withResponse()` gives it as a record (`responseRecord`).
 */
export class CallResponse<Data> implements ApiResponse<Data> {
  status: number;

  constructor(
    public data: Data,
    public meta: EnvelopeMeta,
    private readonly answer: TransportResponse,
    public idempotencyKey: string | undefined,
  ) {
    this.status = answer.status;
  }

  get headers(): Record<string, string> {
    return this.answer.headers;
  }

  get replayed(): boolean {
    return isReplay(this.answer, this.idempotencyKey);
  }
}

/**
 * What `withResponse()` gives: a record whose keys are the six fields, so that it spreads,
 * serializes and prints whole, with `headers` and `replayed` still read only when asked.
 */
function responseRecord<Data>(response: ApiResponse<Data>): ApiResponse<Data> {
  const { data, meta, status, idempotencyKey } = response;
  return Object.defineProperties({ data, meta, status, idempotencyKey } as ApiResponse<Data>, {
    headers: { get: () => response.headers, enumerable: true },
    replayed: { get: () => response.replayed, enumerable: true },
  });
}

/**
 * The promise every method returns: it resolves to `data`, and `.withResponse()` gives the
 * whole answer. `data` is derived only when awaited, so a caller who uses `.withResponse()`
 * alone leaves no second promise to reject unhandled.
 */
export class APIPromise<Data> extends Promise<Data> {
  readonly #response: Promise<ApiResponse<Data>>;
  #data: Promise<Data> | undefined;
  #record: Promise<ApiResponse<Data>> | undefined;

  constructor(response: Promise<ApiResponse<Data>>) {
    super((resolve) => resolve(undefined as Data));
    this.#response = response;
  }

  // Promises derived with then/catch/finally are plain promises, not APIPromises.
  static override get [Symbol.species]() {
    return Promise;
  }

  withResponse(): Promise<ApiResponse<Data>> {
    this.#record ??= this.#response.then(responseRecord);
    return this.#record;
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
