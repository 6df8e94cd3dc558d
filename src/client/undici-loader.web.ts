import type { Dispatcher } from 'undici';
import type { CurrentHandler } from './undici-handler.js';

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

/**
 * The handler as is: a Workers or browser bundle meets no undici 6 dispatcher (Node 20's built-in
 * undici, which speaks only the legacy callbacks, is met on Node only), so it carries no bridge.
 */
export function withLegacyCallbacks(handler: CurrentHandler): Dispatcher.DispatchHandler {
  return handler;
}
