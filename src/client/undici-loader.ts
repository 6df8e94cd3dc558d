/**
 * `#undici-loader` of package.json on Node (and Bun, Deno): the transport that sends through
 * undici. A Workers or browser bundle gets undici-loader.web.ts instead, so that it carries
 * neither undici nor the transport that drives it.
 */
export { undiciTransport } from './undici-transport.js';

/** Whether undici's shared Agent can be loaded: on Node, yes. */
export const SHARED_AGENT_LOADS = true;
