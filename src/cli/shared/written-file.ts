import { accessSync, constants, lstatSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { writtenFileProblem } from '../../core/index.js';
import { UsageError } from './usage-error.js';

/** Why `path` cannot be written, in the words of `writtenFileProblem`; `undefined` when it can. */
function problemOf(path: string, links: 'refused' | 'followed'): string | undefined {
  try {
    const found = lstatSync(path, { throwIfNoEntry: false });
    if (found?.isSymbolicLink() && links === 'refused') return writtenFileProblem({ code: 'ELOOP' });
    if (found !== undefined && statSync(path).isDirectory()) return writtenFileProblem({ code: 'EISDIR' });
    const folder = dirname(resolve(path));
    if (!statSync(folder).isDirectory()) return writtenFileProblem({ code: 'ENOTDIR' });
    accessSync(folder, constants.W_OK | constants.X_OK);
    if (found !== undefined) accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    return writtenFileProblem(error) ?? (error as Error).message;
  }
}

/**
 * A file the command writes, checked before anything is read or sent: one line naming the flag,
 * the path and the fix when its folder is missing or closed to us, or it is a folder. A file
 * only the package writes (`links: 'refused'`) may not be a symbolic link either: writing
 * through it would change the file it points to.
 */
export function checkWrittenFile(flag: string, path: string, links: 'refused' | 'followed'): string {
  if (path === '') throw new UsageError(`${flag} needs the path of a file, got ""`);
  const problem = problemOf(path, links);
  if (problem !== undefined) throw new UsageError(`${flag} ${path}: ${problem}`);
  return path;
}

/**
 * Creates the file `checkWrittenFile` let through, for writing: exclusively (`wx`, which never
 * follows a link), so that a file or link made there since is not overwritten. Its descriptor.
 */
export function createWrittenFile(flag: string, path: string): number {
  try {
    return openSync(path, 'wx');
  } catch (error) {
    throw new Error(`${flag} ${path}: ${writtenFileProblem(error) ?? (error as Error).message}`);
  }
}
