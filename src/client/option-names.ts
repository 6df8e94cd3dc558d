import { nearestName } from '../operations/near-name.js';
import { LoyaltyError } from './errors.js';

export { nearestName };

function throwLoyaltyError(message: string): never {
  throw new LoyaltyError(message);
}

/**
 * Rejects names of `value` that are not in `known`: a misspelt option would otherwise be ignored
 * without a word. The message names the nearest known name, or lists them all. `what` names the
 * kind of name in the message (`LoyaltyClient option`, `request option`); `fail` throws it (by
 * default a `LoyaltyError`); `path` goes before the name in the message, for nested options
 * (`limits.`).
 */
export function checkOptionNames(
  value: object,
  known: readonly string[],
  what: string,
  fail: (message: string) => never = throwLoyaltyError,
  path = '',
): void {
  for (const name of Object.keys(value)) {
    if (known.includes(name)) continue;
    const near = nearestName(name, known);
    fail(
      `Unknown ${what} "${path}${name}"${near ? `; did you mean "${near}"?` : `. Known: ${known.join(', ')}.`}`,
    );
  }
}
