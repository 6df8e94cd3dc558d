import * as z from 'zod/mini';
import { defineOperation } from './define.js';
import { isoDate, positiveId } from './fields.js';
import { LIMITS } from './limits.js';
import { once } from './once.js';

const bothDates = (inicio: string, fin: string) =>
  isoDate().safeParse(inicio).success && isoDate().safeParse(fin).success;
const daysBetween = (inicio: string, fin: string) => (Date.parse(fin) - Date.parse(inicio)) / 86_400_000;

/**
 * The rules between `inicio` and `fin`: the query's schema checks them, and `fin`'s description
 * (field-prose.ts) states them (JSON Schema cannot compare two parameters), so the help text and
 * the OpenAPI document say what a refusal will.
 */
export const PERIOD_RULES = {
  order: 'inicio must not be after fin',
  span: `the period must span at most ${LIMITS.cuponesMaxDays} days; ask for longer periods in parts`,
} as const;

export const regaloParams = /* @__PURE__ */ once(() => z.strictObject({ regaloId: positiveId() }));

/** `tipo` values with a meaning of their own in the spec. */
export const TIPO = { gifts: 1, game: 7, codeCoupon: 101 } as const;

export const promocionesList = defineOperation({
  number: 14,
  id: 'promociones.list',
  method: 'GET',
  path: '/promociones',
  scope: 'promociones:read',
  idempotency: 'none',
  query: () =>
    z.strictObject({
      tipo: z.optional(z.int('must be an integer').check(z.minimum(0, 'must be at least 0'))),
    }),
});

export const promocionesSetStatus = defineOperation({
  number: 15,
  id: 'promociones.setStatus',
  method: 'POST',
  path: '/promociones/{regaloId}/status',
  scope: 'promociones:write',
  idempotency: 'optional',
  params: regaloParams,
  body: () =>
    z.strictObject({
      comando: z
        .string('must be a string')
        .check(
          z.minLength(1, 'must not be empty'),
          z.maxLength(LIMITS.comandoMaxLength, `must be at most ${LIMITS.comandoMaxLength} characters`),
        ),
      fecha: z.optional(
        z
          .string('must be a string')
          .check(z.maxLength(LIMITS.fechaMaxLength, `must be at most ${LIMITS.fechaMaxLength} characters`)),
      ),
    }),
});

export const promocionesCuponesList = defineOperation({
  number: 16,
  id: 'promociones.cupones.list',
  method: 'GET',
  path: '/promociones/{regaloId}/cupones',
  scope: 'promociones:read',
  idempotency: 'none',
  params: regaloParams,
  query: () =>
    z
      .strictObject({
        // Each its own copy of the date's schema: field-prose.ts describes the two apart.
        inicio: z.clone(isoDate()),
        fin: z.clone(isoDate()),
      })
      .check(
        // Compared only when both are dates: a malformed date already has its own issue.
        z.refine(({ inicio, fin }) => !bothDates(inicio, fin) || inicio <= fin, {
          message: PERIOD_RULES.order,
          path: ['fin'],
        }),
        z.refine(
          ({ inicio, fin }) => !bothDates(inicio, fin) || daysBetween(inicio, fin) < LIMITS.cuponesMaxDays,
          { message: PERIOD_RULES.span, path: ['fin'] },
        ),
      ),
});
