export type BulkSource<T> = Iterable<T> | AsyncIterable<T>;

/** The part of an iterator the job uses; a sync one answers without a promise. */
export interface Puller<T> {
  next(): IteratorResult<T> | Promise<IteratorResult<T>>;
  /** Lets the source go when the job stops before its end (closes a file a generator reads). */
  stop(): Promise<void>;
}

export function isBulkSource(value: unknown): value is BulkSource<unknown> {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const candidate = value as Partial<Record<symbol, unknown>>;
  return (
    typeof candidate[Symbol.asyncIterator] === 'function' || typeof candidate[Symbol.iterator] === 'function'
  );
}

/**
 * Opens the source once, without copying it. Several workers read it: an async iterator's reads
 * are made one after the other, since only async generators promise to queue overlapping ones.
 */
export function openSource<T>(source: BulkSource<T>): Puller<T> {
  if (Symbol.asyncIterator in source) {
    const iterator = source[Symbol.asyncIterator]();
    let reading: Promise<unknown> = Promise.resolve();
    return {
      next: () => {
        const next = reading.then(() => iterator.next());
        reading = next.catch(() => {});
        return next;
      },
      stop: async () => {
        await iterator.return?.();
      },
    };
  }
  const iterator = source[Symbol.iterator]();
  return {
    next: () => iterator.next(),
    stop: async () => {
      iterator.return?.();
    },
  };
}

/** How many items the source holds, when it can say without being read. */
export function knownSize(source: BulkSource<unknown>): number | undefined {
  if (Array.isArray(source)) return source.length;
  if (source instanceof Set || source instanceof Map) return source.size;
  return undefined;
}
