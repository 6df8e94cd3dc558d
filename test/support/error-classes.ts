import * as sdk from '../../src/index.js';

/** The names of the error classes the main entry exports, read from the source: LoyaltyError and every class below it. */
export const ERROR_CLASSES: string[] = Object.entries(sdk)
  .filter(
    ([, value]) =>
      typeof value === 'function' &&
      (value === sdk.LoyaltyError || value.prototype instanceof sdk.LoyaltyError),
  )
  .map(([name]) => name)
  .sort();
