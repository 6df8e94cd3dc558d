import { type BulkSource, openSource } from './source.js';

/** A task per item; it settles its own errors (a rejection here is ignored). */
export type ItemTask<T> = (item: T, index: number) => Promise<void>;

/**
 * Runs `task` on each item of the source, at most `limit` at once: `limit` workers each read an
 * item, run it, then read the next, so nothing but the items in flight is held. (A single reader
 * handing items to free places measured a third slower against the reference server: every hop
 * between one item's end and the next one's start costs.) Stops reading when `stopped()` says
 * so, and resolves once every task started has settled; a source that throws rejects then.
 */
export async function pump<T>(
  source: BulkSource<T>,
  limit: number,
  stopped: () => boolean,
  task: ItemTask<T>,
): Promise<void> {
  const puller = openSource(source);
  let index = 0;
  let ended = false;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!ended && failure === undefined && !stopped()) {
      const next = await puller.next();
      if (next.done) {
        ended = true;
        return;
      }
      const at = index;
      index += 1;
      await task(next.value, at).catch(() => {});
    }
  };
  const failed = (error: unknown): void => {
    failure ??= { error };
  };
  await Promise.all(Array.from({ length: limit }, () => worker().catch(failed)));
  if (!ended) await puller.stop();
  if (failure) throw failure.error;
}
