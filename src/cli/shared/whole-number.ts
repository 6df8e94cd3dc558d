import { UsageError } from './usage-error.js';

/** A flag's whole number of at least `min`; undefined when the flag is not given. */
export function wholeNumber(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`${flag} takes a whole number of at least ${min}, got ${JSON.stringify(value)}`);
  return Number(value);
}
