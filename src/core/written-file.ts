/** What each refusal of the file system means for a file the package writes, and the fix. */
const PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist; create it or choose another path',
  ENOTDIR: 'a part of its path is not a folder; choose another path',
  EISDIR: 'it is a folder; give the path of a file',
  EACCES: 'permission denied; choose a path you can write, or change its permissions',
  EPERM: 'permission denied; choose a path you can write, or change its permissions',
  EROFS: 'it is on a read-only file system; choose another path',
  EEXIST: 'a file was made there after the run started; choose another path',
  // Files the package writes are opened without following a link (O_NOFOLLOW, which answers ELOOP).
  ELOOP:
    'it is a symbolic link, refused so that the file it points to is never written; give the path of a file of its own',
};

/**
 * The one line saying why a file the package writes cannot be used and what to do, for the
 * caller to put after the path (or the flag and the path); `undefined` for an error not worded here.
 */
export function writtenFileProblem(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? PROBLEMS[code] : undefined;
}
