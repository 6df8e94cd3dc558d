import { type FileLimit, fileProblem, KEY_FILE_BYTES } from './capped-file.js';
import { hideWhenPrinted } from './printed.js';
import { readSecretFile } from './secret-file.js';
import { askHidden, canAsk } from './terminal.js';
import { UsageError } from './usage-error.js';

/** Where the command takes the key from, first to last: the key's hints name them. */
export const KEY_SOURCES = '--api-key-file FILE, else LOYALTY_API_KEY, else asked for on a terminal';

const NO_KEY =
  'No API key: set LOYALTY_API_KEY, or pass --api-key-file with the path of a file that holds it ' +
  '(the key is never taken on the command line, so it stays out of shell history)';

const KEY_FILE: FileLimit = {
  flag: '--api-key-file',
  maxBytes: KEY_FILE_BYTES,
  holds: 'a key file holds one key, on its first line',
};

async function readApiKey(file: string | undefined, env: NodeJS.ProcessEnv): Promise<string> {
  if (file !== undefined) {
    const key = readSecretFile(file, KEY_FILE);
    if (key === '') throw fileProblem(KEY_FILE, file, `its first line is empty; ${KEY_FILE.holds}`);
    return key;
  }
  const fromEnv = env.LOYALTY_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  if (!canAsk()) throw new UsageError(NO_KEY);
  const typed = (await askHidden('API key (not shown): ')).trim();
  if (typed === '') throw new UsageError(NO_KEY);
  return typed;
}

/**
 * The API key: from the file `--api-key-file` names, else LOYALTY_API_KEY, else asked for on a
 * terminal without echo. It is never printed: from here on the command masks it in all it prints
 * and writes, whatever the service echoes.
 */
export async function resolveApiKey(file: string | undefined, env: NodeJS.ProcessEnv): Promise<string> {
  const key = await readApiKey(file, env);
  hideWhenPrinted(key);
  return key;
}
