import type { Dispatcher } from 'undici';

export { withLegacyCallbacks } from './undici-handler.js';

type GlobalDispatcherModule = { getGlobalDispatcher(): Dispatcher };

let loading: Promise<GlobalDispatcherModule> | undefined;

// undici 7 has no exports map, so this path resolves; it is tested, and the whole package is the fallback.
const DISPATCHER_ONLY_MODULE = 'undici/lib/global.js';

/** Whether `loadGlobalDispatcher` can give undici's shared Agent: on Node, yes. */
export const SHARED_AGENT_LOADS = true;

/**
 * A reader of undici's global dispatcher, on Node (`#undici-loader` of package.json; a Workers or
 * browser bundle gets undici-loader.web.ts instead, so that it never pulls in undici). The reader is
 * called per request, as Node's fetch does, so a `setGlobalDispatcher` (a proxy, a mock) made after
 * the first call is honoured. Only undici's dispatcher part is loaded (much cheaper to load than the
 * whole package, which pulls in fetch, WebSocket and cache support we never use).
 */
export function loadGlobalDispatcher(): Promise<() => Dispatcher> {
  loading ??= (import(DISPATCHER_ONLY_MODULE) as Promise<GlobalDispatcherModule>).catch(
    () => import('undici'),
  );
  return loading.then((module) => () => module.getGlobalDispatcher());
}
