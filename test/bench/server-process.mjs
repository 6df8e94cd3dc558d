// @ts-check
import { startChild } from './child-server.mjs';

/** @typedef {{ url: string, stop: () => Promise<void> }} FixedServer */

/**
 * Starts fixed-server.mjs as a child process and hands back its base URL.
 * @returns {Promise<FixedServer>}
 */
export function startFixedServer() {
  return startChild('./fixed-server.mjs');
}
