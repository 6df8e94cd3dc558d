import type { Dispatcher } from 'undici';

type GlobalDispatcherModule = { getGlobalDispatcher(): Dispatcher };

let loading: Promise<GlobalDispatcherModule> | undefined;

// undici 7 has no exports map, so this path resolves; it is tested, and the whole package is the fallback.
const DISPATCHER_ONLY_MODULE = 'undici/lib/global.js';

/**
 * A reader of undici's global dispatcher, on Node. The reader is called per request, as Node's
 * fetch does, so a `setGlobalDispatcher` (a proxy, a mock) made after the first call is honoured.
 * Only undici's dispatcher part is loaded (much cheaper to load than the whole package, which
 * pulls in fetch, WebSocket and cache support we never use).
 */
export function loadGlobalDispatcher(): Promise<() => Dispatcher> {
  loading ??= (import(DISPATCHER_ONLY_MODULE) as Promise<GlobalDispatcherModule>).catch(
    () => import('undici'),
  );
  return loading.then((module) => () => module.getGlobalDispatcher());
}
