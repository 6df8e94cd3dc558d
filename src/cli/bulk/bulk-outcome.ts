import { LoyaltyApiError, LoyaltyBudgetError, LoyaltyValidationError } from '../../client/errors.js';

/**
 * What a failed row's error says about the service: `refused`, it applied nothing (the SDK's
 * check stopped the row, or the service answered that it would not); `unknown`, it may have
 * applied it (no answer after the retries, a 5xx, a 429, or a 409 of a key in flight or used).
 */
export type FailureOutcome = 'refused' | 'unknown';

/** The columns the failures file adds to a row; read back, they are never sent as parameters. */
export const FAILURE_COLUMNS = ['error', 'outcome', 'sentItemKey'] as const;

export function isFailureColumn(name: string): boolean {
  return (FAILURE_COLUMNS as readonly string[]).includes(name);
}

/** Answers that refuse a request whole: the service applied nothing under its key. */
const REFUSING_STATUSES = new Set([400, 401, 403, 404, 405, 413, 422]);

/** Added to a refused row's item key, so that once fixed it goes under a key of its own. */
const FIX_SUFFIX = '/fix';

export function outcomeOf(error: unknown): FailureOutcome {
  if (error instanceof LoyaltyValidationError || error instanceof LoyaltyBudgetError) return 'refused';
  if (error instanceof LoyaltyApiError && REFUSING_STATUSES.has(error.status)) return 'refused';
  return 'unknown';
}

/**
 * The item key a row goes under: its key field's value, unless it comes from a failures file.
 * Then it goes again under the key it was sent under (the service answers that key's first answer
 * and applies nothing twice), unless it was `refused`: the service applied nothing and keeps its
 * refusal under that key, so the fixed row goes under a key of its own.
 */
export function rowItemKey(fields: Readonly<Record<string, unknown>>, keyValue: string): string {
  const sent =
    typeof fields.sentItemKey === 'string' && fields.sentItemKey !== '' ? fields.sentItemKey : keyValue;
  return fields.outcome === 'refused' ? `${sent}${FIX_SUFFIX}` : sent;
}
