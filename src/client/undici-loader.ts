import type { Dispatcher } from 'undici';

type GlobalDispatcherModule = { getGlobalDispatcher(): Dispatcher };

let globalDispatcher: Promise<Dispatcher> | undefined;

// undici 7 has no exports map, so this path resolves; it is tested, and the whole package is the fallback.
const DISPATCHER_ONLY_MODULE = 'undici/lib/global.js';

/** Whether `loadGlobalDispatcher` can give undici's shared Agent: on Node, yes. */
export const SHARED_AGENT_LOADS = true;

/**
 * undici's shared Agent, on Node (`#undici-loader` of package.json; a Workers or browser bundle
 * gets undici-loader.web.ts instead, so that it never pulls in undici). Only its dispatcher part
 * is loaded (much cheaper to load than the whole package, which pulls in fetch, WebSocket and
 * cache support we never use).
 */
export function loadGlobalDispatcher(): Promise<Dispatcher> {
  globalDispatcher ??= (import(DISPATCHER_ONLY_MODULE) as Promise<GlobalDispatcherModule>)
    .then((module) => module.getGlobalDispatcher())
    .catch(() => import('undici').then((undici) => undici.getGlobalDispatcher()));
  return globalDispatcher;
}
