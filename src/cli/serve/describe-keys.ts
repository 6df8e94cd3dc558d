import { SCOPES } from '../../operations/scopes.js';
import { type ApiKeyConfig, DEFAULT_APP_ID, DEMO_KEYS, isDemoKey } from '../../server/internal.js';

/** Keys given by the operator are secrets: only their last four characters are shown, and only when long. */
export function maskKey(key: string): string {
  if (isDemoKey(key)) return key;
  return key.length >= 12 ? `****${key.slice(-4)}` : '****';
}

/** One line per accepted key: masked key, application and scopes. */
export function describeKeys(keys: readonly ApiKeyConfig[] | undefined): string[] {
  return (keys ?? DEMO_KEYS).map((entry) => {
    const scopes =
      entry.scopes === '*' || entry.scopes.length === SCOPES.length
        ? '* (every scope)'
        : entry.scopes.join(', ');
    return `  ${maskKey(entry.key)}  app ${entry.appId ?? DEFAULT_APP_ID}  ${scopes}`;
  });
}
