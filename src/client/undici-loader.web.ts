import type { Dispatcher } from 'undici';
import { fail } from '../core/index.js';
import type { Transport } from './transport.js';

/** Whether undici's shared Agent can be loaded: not in such a bundle, even run on Node. */
export const SHARED_AGENT_LOADS = false;

/**
 * `#undici-loader` where bundlers target Workers or a browser: undici is Node's, so such a bundle
 * carries neither undici nor the undici transport (half a kilobyte gzipped of every Worker). Its
 * client sends with the runtime's fetch, or the `fetch` it is given; a `dispatcher` is refused
 * when the client is made.
 */
export function undiciTransport(_dispatcher: Dispatcher | undefined): Transport {
  return fail(
    'dispatcher needs undici, which a bundle made for Workers or a browser does not carry: pass fetch instead, e.g. fetch: (url, init) => undici.fetch(url, { ...init, dispatcher })',
  );
}
