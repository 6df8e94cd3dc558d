import type { Dispatcher } from 'undici';

/**
 * `#undici-loader` where bundlers target Workers or a browser: undici is Node's, and the client
 * calls this only on Node (elsewhere it sends with the runtime's fetch, or through the
 * `dispatcher` it was given), so a bundle for those runtimes never contains undici.
 */
/** Whether `loadGlobalDispatcher` can give undici's shared Agent: not in such a bundle, even run on Node. */
export const SHARED_AGENT_LOADS = false;

export function loadGlobalDispatcher(): Promise<Dispatcher> {
  return Promise.reject(
    new Error(
      "undici's shared Agent is loaded on Node only: off Node, pass `fetch` (or a `dispatcher`) to the client",
    ),
  );
}
