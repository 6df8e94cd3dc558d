import { checkNames, nearestName } from '../operations/near-name.js';
import { LoyaltyError } from './errors.js';

export { nearestName };

function throwLoyaltyError(message: string): never {
  throw new LoyaltyError(message);
}

/** `checkNames` throwing a `LoyaltyError` unless told otherwise: the client's and the server's options. */
export function checkOptionNames(
  value: object,
  known: readonly string[],
  what: string,
  fail: (message: string) => never = throwLoyaltyError,
  path = '',
): void {
  checkNames(value, known, what, fail, path);
}
