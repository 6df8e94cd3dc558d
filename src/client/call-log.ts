import { counted } from '../core/index.js';
import { LoyaltyAbortError } from './errors.js';
import type { LevelledLogger } from './logger.js';

/**
 * The log lines of a call (docs/errors-and-retries.md, "Logging"): the request at debug (in
 * attempt.ts), each answer at info, each retry and the failure a call ends with at warn, once.
 * An abort ends the call at info: the caller chose it. The logger scrubs the key from every line.
 */

/**
 * Each answer, whatever its status: `loyalty-sdk <- 404 clientes.retrieve`; a write's answer
 * given again for its key says so (`... (replayed: nothing applied again)`).
 */
export function logAnswer(
  logger: LevelledLogger,
  operationId: string,
  status: number,
  replayed = false,
): void {
  if (!logger.enabled('info')) return;
  logger.info(`loyalty-sdk <- ${status} ${operationId}${replayed ? ` (${REPLAYED_NOTE})` : ''}`);
}

/** What a replayed answer means, in the words the log and the command line use. */
export const REPLAYED_NOTE = 'replayed: nothing applied again';

/** A failed attempt that will be sent again: what failed and how long the client waits. */
export function logRetry(
  logger: LevelledLogger,
  operationId: string,
  attemptNumber: number,
  error: Error,
  delayMs: number,
): void {
  if (!logger.enabled('warn')) return;
  logger.warn(
    `loyalty-sdk: ${operationId} attempt ${attemptNumber} failed (${error.message}); retrying in ${delayMs} ms`,
  );
}

/** The error a call ends with, after `attempts` sends (0: refused before sending). */
export function logFailure(
  logger: LevelledLogger,
  operationId: string,
  error: unknown,
  attempts: number,
): void {
  const aborted = error instanceof LoyaltyAbortError;
  const level = aborted ? 'info' : 'warn';
  if (!logger.enabled(level)) return;
  const when = attempts === 0 ? 'before sending' : `after ${counted(attempts, 'attempt')}`;
  const shown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  logger[level](`loyalty-sdk: ${operationId} ${aborted ? 'aborted' : 'failed'} ${when}: ${shown}`);
}
