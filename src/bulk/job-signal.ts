/** The part of node:events used here. */
interface ListenerLimits {
  setMaxListeners(count: number, ...targets: EventTarget[]): void;
}

// Looked up at run time, never imported: the main entry must load where there is no node:events.
const nodeEvents = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:events') as ListenerLimits | undefined;

/** What the code of one item's `run` may hang on the signal at once (a fetch and a wait, say). */
const LISTENERS_PER_CALL = 2;

export interface JobSignal {
  /** Given to every call of the job; aborted with the caller's signal. */
  signal: AbortSignal;
  /** The job ended: the caller's signal no longer holds it. */
  release(): void;
}

/**
 * One signal for every call of the job, following the caller's. A signal per call would cost an
 * AbortController per item (3.6 µs in Node, a third of the runner's own time). The SDK's calls
 * hang one listener on it in all (limits/abort-listeners.ts); a `run` that hands it to other code
 * may hang one per item in flight, past the 10 after which Node warns of a leak, so its limit is
 * raised to what the items in flight can hang on it.
 */
export function followSignal(caller: AbortSignal | undefined, concurrency: number): JobSignal {
  const controller = new AbortController();
  nodeEvents?.setMaxListeners(Math.max(10, concurrency * LISTENERS_PER_CALL + 10), controller.signal);
  if (!caller) return { signal: controller.signal, release: () => {} };
  const abort = () => controller.abort(caller.reason);
  if (caller.aborted) abort();
  else caller.addEventListener('abort', abort, { once: true });
  return { signal: controller.signal, release: () => caller.removeEventListener('abort', abort) };
}
