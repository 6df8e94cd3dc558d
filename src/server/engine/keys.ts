import { SCOPES, type Scope } from '../../operations/scopes.js';

/** A key the server accepts, with its application and scopes (`'*'`: every scope). */
export interface ApiKeyConfig {
  key: string;
  appId?: number;
  scopes: readonly Scope[] | '*';
}

/** The application every key belongs to unless its configuration names another. */
export const DEFAULT_APP_ID = 1;

/** Public demo key holding every scope; accepted when no `keys` option is given. */
export const DEMO_API_KEY = 'lk_demo_all_scopes';

/** Public demo key holding only the read scopes; accepted when no `keys` option is given. */
export const DEMO_READ_ONLY_API_KEY = 'lk_demo_read_only';

export const DEMO_KEYS: readonly ApiKeyConfig[] = Object.freeze([
  { key: DEMO_API_KEY, appId: DEFAULT_APP_ID, scopes: '*' },
  {
    key: DEMO_READ_ONLY_API_KEY,
    appId: DEFAULT_APP_ID,
    scopes: SCOPES.filter((scope) => scope.endsWith(':read')),
  },
]);

export function isDemoKey(key: string): boolean {
  return key === DEMO_API_KEY || key === DEMO_READ_ONLY_API_KEY;
}
