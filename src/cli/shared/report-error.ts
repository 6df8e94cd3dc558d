import { LoyaltyApiError } from '../../client/errors.js';
import { commandMessageOf } from './error-message.js';
import { exitCodeOf } from './exit-codes.js';
import { type Output, paint } from './output.js';

/** The error as one line on stderr, with `--verbose` the service's whole envelope; the exit status it ends with. */
export function reportError(error: unknown, output: Output, verbose = false): number {
  output.error(paint(output, 'red', `loyalty: ${commandMessageOf(error)}`));
  if (verbose && error instanceof LoyaltyApiError && error.body !== undefined) {
    output.error(JSON.stringify(error.body, null, 2));
  }
  return exitCodeOf(error);
}
