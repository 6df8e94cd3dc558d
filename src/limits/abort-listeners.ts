/** The callbacks waiting on one signal, in slots that are cleared and reused, never reallocated once grown. */
interface Waiting {
  slots: ((() => void) | undefined)[];
  free: number[];
}

const waitingOn = new WeakMap<AbortSignal, Waiting>();

function waitingFor(signal: AbortSignal): Waiting {
  const known = waitingOn.get(signal);
  if (known) return known;
  const created: Waiting = { slots: [], free: [] };
  waitingOn.set(signal, created);
  signal.addEventListener(
    'abort',
    () => {
      waitingOn.delete(signal);
      for (const callback of created.slots) callback?.();
    },
    { once: true },
  );
  return created;
}

/**
 * Calls `callback` once when `signal` aborts; the function returned stops waiting. A signal shared
 * by many calls at once (a bulk job's, a server's shutdown signal) would otherwise carry a
 * listener per call: Node looks through all of them on each add and remove, and the removed
 * ones, once old, keep each call's objects from the young generation's quick collection. Here
 * the signal carries one listener, and each call takes a slot of a list that stays the size of
 * the most calls that waited at once, and clears it.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  const waiting = waitingFor(signal);
  const slot = waiting.free.pop() ?? waiting.slots.length;
  waiting.slots[slot] = callback;
  return () => {
    if (waiting.slots[slot] !== callback) return;
    waiting.slots[slot] = undefined;
    waiting.free.push(slot);
  };
}
