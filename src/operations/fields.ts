import * as z from 'zod';
import { LIMITS } from './limits.js';

/**
 * Schemas of values that appear in more than one operation. Each rule of the spec's parameter
 * and Limits tables is written here once; the operation table composes them.
 */

/** A calendar date `YYYY-MM-DD` that exists (2023-02-29 does not). */
export const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD that exists on the calendar' });

/** Customer UID: a single path segment of 1..128 characters. */
export const uid = z
  .string()
  .min(1, 'must not be empty')
  .max(LIMITS.uidMaxLength, `must be at most ${LIMITS.uidMaxLength} characters`)
  // A path segment "." or ".." is removed by URL normalisation, so such a uid can never reach its customer.
  .refine((value) => value !== '.' && value !== '..', 'must not be "." or ".."')
  // A lone surrogate cannot be URL-encoded.
  .refine((value) => value.isWellFormed(), 'must be well-formed Unicode (no lone surrogate)')
  .describe('Customer UID (at most 128 characters)');

/** Identifiers of groups, tasks and promotions: integers, at least 1. */
export const positiveId = (description: string) =>
  z.int('must be an integer').min(1, 'must be at least 1').describe(description);

/** Points in the public unit; negative removes; at most 10000 either way per call; never 0. */
export const puntos = z
  .number('must be a number')
  .min(-LIMITS.puntosPerCall, `must be at least -${LIMITS.puntosPerCall}`)
  .max(LIMITS.puntosPerCall, `must be at most ${LIMITS.puntosPerCall}`)
  .refine((value) => value !== 0, 'must not be 0')
  .describe(
    'Points in the public unit; a negative number removes; never 0; at most 10000 either way per call.',
  );

export const motivo = z.string('must be a string').describe('Reason, kept in the audit').optional();

/** Printable ASCII, no spaces: safe in a header and comparable byte for byte. */
const PRINTABLE = /^[\x21-\x7E]*$/;

export const idempotencyKey = z
  .string('must be a string')
  .min(LIMITS.idempotencyKeyMinLength, `must be at least ${LIMITS.idempotencyKeyMinLength} characters`)
  .max(LIMITS.idempotencyKeyMaxLength, `must be at most ${LIMITS.idempotencyKeyMaxLength} characters`)
  .regex(PRINTABLE, 'must hold printable ASCII characters only (no spaces or control characters)')
  .describe('Idempotency key: 8 to 128 printable characters; a UUID is suitable');

/** A header value that cannot split or smuggle headers. */
export const headerValue = z
  .string('must be a string')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  .regex(/^[^\x00-\x08\x0A-\x1F\x7F]*$/, 'must not contain CR, LF or other control characters');

export const dryRun = z
  .boolean('must be a boolean')
  .describe('true: nothing is executed; the answer reports the customers affected and the estimated cost')
  .optional();
