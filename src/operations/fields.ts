import * as z from 'zod/mini';
import { _isoDate } from 'zod/v4/core';
import { LIMITS } from './limits.js';
import { once } from './once.js';

/**
 * Schemas of values that appear in more than one operation. Each rule of the spec's parameter
 * and Limits tables is written here once; the operation table composes them. Each is built on
 * its first use (once.ts). They check; what they mean in words (their descriptions) is in
 * field-prose.ts, which a client's bundle does not carry.
 */

/** A calendar date `YYYY-MM-DD` that exists (2023-02-29 does not). */
export const isoDate = /* @__PURE__ */ once(() =>
  // `z.iso.date`, built from its parts: a bundle of the package then carries no other `z.iso` schema.
  _isoDate(z.ZodMiniISODate, { error: 'must be a date YYYY-MM-DD that exists on the calendar' }),
);

/** Customer UID: a single path segment of 1..128 characters. */
export const uid = /* @__PURE__ */ once(() =>
  z.string().check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(LIMITS.uidMaxLength, `must be at most ${LIMITS.uidMaxLength} characters`),
    // A path segment "." or ".." is removed by URL normalisation, so such a uid can never reach its customer.
    z.refine((value) => value !== '.' && value !== '..', 'must not be "." or ".."'),
    // A lone surrogate cannot be URL-encoded.
    z.refine((value) => value.isWellFormed(), 'must be well-formed Unicode (no lone surrogate)'),
  ),
);

/** Identifiers of groups, tasks and promotions: integers, at least 1. */
export const positiveId = () => z.int('must be an integer').check(z.minimum(1, 'must be at least 1'));

/** Points in the public unit; negative removes; at most 10000 either way per call; never 0. */
export const puntos = /* @__PURE__ */ once(() =>
  z.number('must be a number').check(
    z.minimum(-LIMITS.puntosPerCall, `must be at least -${LIMITS.puntosPerCall}`),
    z.maximum(LIMITS.puntosPerCall, `must be at most ${LIMITS.puntosPerCall}`),
    z.refine((value) => value !== 0, 'must not be 0'),
  ),
);

export const motivo = /* @__PURE__ */ once(() => z.optional(z.string('must be a string')));

/** Printable ASCII, no spaces: safe in a header and comparable byte for byte. */
const PRINTABLE = /^[\x21-\x7E]*$/;

export const idempotencyKey = /* @__PURE__ */ once(() =>
  z
    .string('must be a string')
    .check(
      z.minLength(
        LIMITS.idempotencyKeyMinLength,
        `must be at least ${LIMITS.idempotencyKeyMinLength} characters`,
      ),
      z.maxLength(
        LIMITS.idempotencyKeyMaxLength,
        `must be at most ${LIMITS.idempotencyKeyMaxLength} characters`,
      ),
      z.regex(PRINTABLE, 'must hold printable ASCII characters only (no spaces or control characters)'),
    ),
);

/**
 * A header value that cannot split or smuggle headers, and that HTTP can carry: tab, printable
 * ASCII and Latin-1. A character above U+00FF is refused by undici and by fetch alike, so letting
 * it through would only turn into a connection error (retried) after the call began. The client's
 * constructor tests the pattern itself: a client then builds no schema before its first call.
 */
export const HEADER_VALUE = /^[\t\x20-\x7E\x80-\xFF]*$/;

export const headerValue = /* @__PURE__ */ once(() =>
  z
    .string('must be a string')
    .check(
      z.regex(
        HEADER_VALUE,
        'must not contain CR, LF or other control characters, nor characters above U+00FF',
      ),
    ),
);

export const dryRun = /* @__PURE__ */ once(() => z.optional(z.boolean('must be a boolean')));

/** How deep a free-form JSON value may nest: the keys of `usuarioData` the spec does not name. */
export const JSON_MAX_DEPTH = 32;

/**
 * Whether a value is JSON that travels unchanged: null, booleans, finite numbers, strings, arrays
 * and plain objects, nested at most JSON_MAX_DEPTH levels. Walked without recursion, so no value
 * can exhaust the stack of the client or the server; a cycle is just too deep.
 */
function isBoundedJson(value: unknown): value is z.core.util.JSONType {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current === 'string' || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (Number.isFinite(current)) continue;
      return false;
    }
    if (typeof current !== 'object' || depth >= JSON_MAX_DEPTH) return false;
    if (!Array.isArray(current)) {
      const prototype = Object.getPrototypeOf(current);
      if (prototype !== Object.prototype && prototype !== null) return false;
    }
    for (const item of Object.values(current)) pending.push([item, depth + 1]);
  }
  return true;
}

/** What `isBoundedJson` takes, said once for the error message and the OpenAPI document. */
export const BOUNDED_JSON = `JSON (null, booleans, finite numbers, strings, arrays, plain objects) nested at most ${JSON_MAX_DEPTH} levels`;

/** A free-form JSON value (checked by `isBoundedJson`). */
export const jsonValue = /* @__PURE__ */ once(() =>
  z.custom<z.core.util.JSONType>(isBoundedJson, `must be ${BOUNDED_JSON}`),
);
