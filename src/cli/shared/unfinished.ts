import { printErr } from './printed.js';

/**
 * Ends the process with `code` and `line` on stderr when the event loop empties before `command`
 * settled: a call whose promise never settles would otherwise end the command with status 0 and
 * no output, as if it had succeeded.
 */
export function failIfUnsettled(command: Promise<unknown>, line: string, code: number): void {
  let settled = false;
  const done = () => {
    settled = true;
  };
  command.then(done, done);
  process.once('beforeExit', () => {
    if (settled) return;
    process.exitCode = code;
    printErr(line);
  });
}
