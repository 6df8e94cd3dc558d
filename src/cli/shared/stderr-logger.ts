import { Console } from 'node:console';
import type { Logger } from '../../client/logger.js';

/** The SDK's log lines (`--verbose`) at every level on stderr: stdout holds only the result. */
export const stderrLogger: Logger = new Console({ stdout: process.stderr, stderr: process.stderr });
