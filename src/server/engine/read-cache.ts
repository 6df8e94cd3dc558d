/**
 * The JSON of answers' `data`, kept while the state it came from cannot have changed. Reads hand
 * back the store's own objects, and serializing them was the largest cost of a read; the engine
 * calls `invalidate()` before and after everything that may change state (every operation but
 * the reads, every admin change), so a kept text is never older than the state it shows.
 */
export class SerializedData {
  #revision = 0;
  readonly #texts = new WeakMap<object, { revision: number; json: string }>();

  invalidate(): void {
    this.#revision++;
  }

  /** `JSON.stringify(data)`, from the cache when `data` was serialized since the last change. */
  json(data: object): string {
    const kept = this.#texts.get(data);
    if (kept !== undefined && kept.revision === this.#revision) return kept.json;
    const json = JSON.stringify(data);
    this.#texts.set(data, { revision: this.#revision, json });
    return json;
  }
}
