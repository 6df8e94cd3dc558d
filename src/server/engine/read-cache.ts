/** What the cache needs to know of the data: a number that moves whenever it changes. */
export interface Revisioned {
  readonly revision: number;
}

/**
 * The JSON of answers' `data`, kept while the data it came from has not changed. Reads hand back
 * the store's own objects, and serializing them was the largest cost of a read (docs/decisions.md,
 * "Reference server reads"); a text is reused only at the revision it was made at.
 */
export class ReadCache {
  readonly #texts = new WeakMap<object, { revision: number; json: string }>();

  constructor(readonly data: Revisioned) {}

  /** `JSON.stringify(value)`, kept until the data's next change. */
  json(value: object): string {
    const revision = this.data.revision;
    const kept = this.#texts.get(value);
    if (kept !== undefined && kept.revision === revision) return kept.json;
    const json = JSON.stringify(value);
    this.#texts.set(value, { revision, json });
    return json;
  }
}
