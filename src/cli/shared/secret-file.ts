import { statSync } from 'node:fs';
import { shellQuote } from '../../core/index.js';
import { type FileLimit, readFlagFile } from './capped-file.js';

/** The permission bits of a file that let its group or anyone else read it (or more). */
const SHARED_BITS = 0o077;

/**
 * The warning for a secret's file that others on the machine may read, as ssh gives for a key:
 * undefined for a file only its owner may use, for what is not a regular file (`<(pass show key)`)
 * and on Windows, whose permissions are not these bits. Never the secret.
 */
export function sharedFileWarning(
  file: string,
  flag: string,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform === 'win32') return undefined;
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isFile() || (stat.mode & SHARED_BITS) === 0) return undefined;
  const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
  const quoted = shellQuote(file);
  return `warning: ${flag} ${quoted} is readable by others (mode ${mode}); chmod 600 ${quoted}`;
}

/**
 * The first line of the file that holds a secret (`--api-key-file`, `--token-file`), trimmed,
 * read with the file's limit; a file others may read is taken, with one warning line on stderr.
 */
export function readSecretFile(file: string, limit: FileLimit): string {
  const text = readFlagFile(file, limit);
  const warning = sharedFileWarning(file, limit.flag);
  if (warning !== undefined) process.stderr.write(`loyalty: ${warning}\n`);
  return (text.split(/\r?\n/)[0] ?? '').trim();
}
