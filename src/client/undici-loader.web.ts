import type { Dispatcher } from 'undici';

/** Whether `loadGlobalDispatcher` can give undici's shared Agent: not in such a bundle, even run on Node. */
export const SHARED_AGENT_LOADS = false;

/**
 * `#undici-loader` where bundlers target Workers or a browser: undici is Node's, so a bundle for
 * those runtimes never contains it. The client does not call this (SHARED_AGENT_LOADS): such a
 * bundle sends with the runtime's fetch, or through the `dispatcher` it was given, on Node too.
 */
export function loadGlobalDispatcher(): Promise<() => Dispatcher> {
  return Promise.reject(
    new Error(
      "undici's shared Agent is loaded on Node only: off Node, pass `fetch` (or a `dispatcher`) to the client",
    ),
  );
}
