/** A printed command line pasted into sh with its program replaced by a stub: the words it would get. */
import { execFileSync } from 'node:child_process';

/**
 * `line` pasted into sh in `cwd`, with `program` a function that prints its arguments: the words
 * it was given, and nothing run but that function.
 */
export function pastedArgv(program: string, line: string, cwd: string): string[] {
  const script = `${program}() { printf '%s\\0' "$@"; }\n${line}\n`;
  const out = execFileSync('/bin/sh', ['-c', script], { cwd, encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}
