import { LoyaltyConnectionError } from './errors.js';

/** What the message of a keyed call that got no answer ends with: the key that makes sending it again safe. */
export function sameKeyHint(idempotencyKey: string): string {
  return `It is safe to send it again with the same idempotencyKey (${idempotencyKey}): the service applies a key at most once.`;
}

/**
 * The error a call ends with once its retries are spent: a call that got no answer says how many
 * attempts were made and, when it carried a key, that sending it again with that key is safe
 * (the service may have applied it; with the key it answers the first answer instead of applying
 * it twice).
 */
export function gaveUp(error: Error, attempts: number): Error {
  if (!(error instanceof LoyaltyConnectionError)) return error;
  const hint = error.idempotencyKey === undefined ? '' : ` ${sameKeyHint(error.idempotencyKey)}`;
  error.message += `; gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}.${hint}`;
  return error;
}
