import { maskSecret } from '../../core/index.js';
import { SCOPES } from '../../operations/scopes.js';
import { type ApiKeyConfig, DEFAULT_APP_ID, DEMO_KEYS, isDemoKey } from '../../server/internal.js';

/** One line per accepted key: the key (masked as everything the package prints masks one, the public demo keys as they are), application and scopes. */
export function describeKeys(keys: readonly ApiKeyConfig[] | undefined): string[] {
  return (keys ?? DEMO_KEYS).map((entry) => {
    const shown = isDemoKey(entry.key) ? entry.key : maskSecret(entry.key);
    const scopes =
      entry.scopes === '*' || entry.scopes.length === SCOPES.length
        ? '* (every scope)'
        : entry.scopes.join(', ');
    return `  ${shown}  app ${entry.appId ?? DEFAULT_APP_ID}  ${scopes}`;
  });
}
