import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder of this package's state under the user's state folder. */
const OWN_FOLDER = 'loyalty-sdk';

/**
 * Where the user's state lives: `$XDG_STATE_HOME` when set (an absolute path, as the XDG base
 * directory rules require), else the platform's equivalent.
 */
export function stateFolder(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg?.startsWith('/')) return join(xdg, OWN_FOLDER);
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), OWN_FOLDER);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', OWN_FOLDER);
  return join(home, '.local', 'state', OWN_FOLDER);
}
