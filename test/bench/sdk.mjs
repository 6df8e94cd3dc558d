// @ts-check
/**
 * Loads the SDK under test: the built package (`loyalty-sdk`, i.e. dist/) by default, or the ESM
 * entry file named by LOYALTY_SDK_ENTRY (a private build, e.g. to compare a branch), or `entry`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** @param {string | undefined} [entry] @returns {Promise<typeof import('loyalty-sdk')>} */
export function loadSdk(entry = process.env.LOYALTY_SDK_ENTRY) {
  return entry ? import(pathToFileURL(resolve(entry)).href) : import('loyalty-sdk');
}
