import type { EnvelopeMeta } from '../operations/envelope.js';

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
