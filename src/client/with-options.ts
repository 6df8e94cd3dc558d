import { checkNames } from '../core/index.js';
import { LoyaltyError } from './errors.js';
import { CLIENT_OPTION_NAMES, type ClientOptions } from './options.js';

/** How a client sends; one choice, so a client made with either has none of the other's. */
const TRANSPORT_OPTIONS = ['dispatcher', 'fetch'] as const satisfies readonly (keyof ClientOptions)[];

/** Whether `changes` chooses how to send anew (a `dispatcher` or a `fetch`). */
export function changesTransport(changes: ClientOptions): boolean {
  return TRANSPORT_OPTIONS.some((name) => changes[name] !== undefined);
}

/**
 * The options of a client made by `withOptions`: the settings of the client it is made from, each
 * option given in `changes` in place of its own. An option given as `undefined` keeps the
 * client's value, as an option left out does.
 */
export function withChanges(settings: ClientOptions, changes: ClientOptions): ClientOptions {
  if (typeof changes !== 'object' || changes === null)
    throw new LoyaltyError('withOptions takes an object of LoyaltyClient options');
  checkNames(changes, CLIENT_OPTION_NAMES, 'LoyaltyClient option');
  const merged: Record<string, unknown> = { ...settings };
  if (changesTransport(changes)) {
    for (const name of TRANSPORT_OPTIONS) delete merged[name];
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value !== undefined) merged[name] = value;
  }
  return merged;
}

/**
 * What a client was made with, as `withOptions` starts from: the options given (none left
 * `undefined`), with the values read from the environment fixed as they were read, so that a
 * derived client never reads the environment again.
 */
export function settingsOf(
  given: ClientOptions,
  resolved: { apiKey: string; apiUrl: string; logLevel: ClientOptions['logLevel'] },
): ClientOptions {
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined) settings[name] = value;
  }
  settings.apiKey = resolved.apiKey;
  settings.baseUrl = resolved.apiUrl;
  settings.logLevel = resolved.logLevel;
  return settings;
}
