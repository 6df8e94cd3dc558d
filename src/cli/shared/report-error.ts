import { LoyaltyApiError } from '../../client/errors.js';
import { printableJson } from '../../core/index.js';
import { commandMessageOf } from './error-message.js';
import { exitCodeOf } from './exit-codes.js';
import { type Output, paint } from './output.js';
import { UnprintableError } from './unprintable-error.js';

/** The error as one line on stderr, with `--verbose` the service's whole envelope; the exit status it ends with. */
export function reportError(error: unknown, output: Output, verbose = false): number {
  output.error(paint(output, 'red', `loyalty: ${commandMessageOf(error)}`));
  if (verbose && error instanceof LoyaltyApiError && error.body !== undefined) {
    output.error(printableJson(error.body, 2) ?? new UnprintableError("the service's envelope").message);
  }
  return exitCodeOf(error);
}
