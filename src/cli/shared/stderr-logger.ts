import { Console } from 'node:console';
import { Writable } from 'node:stream';
import type { Logger } from '../../client/logger.js';
import { printable } from './printed.js';

/** stderr through the command's masking: a log line that quotes the service must not print the key. */
const maskedStderr = new Writable({
  decodeStrings: false,
  write(chunk: Buffer | string, _encoding, done) {
    process.stderr.write(printable(String(chunk)));
    done();
  },
});

/** The SDK's log lines (`--verbose`) at every level on stderr: stdout holds only the result. */
export const stderrLogger: Logger = new Console({ stdout: maskedStderr, stderr: maskedStderr });
