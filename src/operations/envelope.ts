import * as z from 'zod/mini';
import { isObject } from '../core/index.js';
import { once } from './once.js';
import { SCOPES, type Scope } from './scopes.js';

/** The spec's response envelope (every endpoint). */
export interface EnvelopeMeta {
  requestId: string;
  appId: number;
  scope: Scope | null;
  requiredScope?: Scope;
  legacy?: unknown;
  [extra: string]: unknown;
}

export interface Envelope<Data = unknown> {
  codigoRespuesta: number;
  msj: string;
  data?: Data;
  meta: EnvelopeMeta;
  details?: unknown;
}

/** The spec's response envelope, field by field (its "Response envelope" table). */
export const envelope = /* @__PURE__ */ once(() =>
  z.looseObject({
    codigoRespuesta: z.int().check(z.describe('0 on success')),
    msj: z.string().check(z.describe('Success message text, or what went wrong')),
    data: z.optional(z.unknown().check(z.describe('Payload of the operation'))),
    meta: z.looseObject({
      requestId: z.string().check(z.describe('Identifier of the request')),
      appId: z.int().check(z.describe('Identifier of the application that owns the key')),
      scope: z.nullable(z.enum(SCOPES)).check(z.describe('Scope required by the operation; null when none')),
      requiredScope: z.optional(z.enum(SCOPES).check(z.describe('On a 403: the scope that was missing'))),
      legacy: z.optional(z.unknown().check(z.describe('On a 422: the business-rule detail'))),
    }),
    details: z.optional(z.unknown().check(z.describe('On a 400: the invalid parameters'))),
  }),
);

/**
 * What the client requires of an answer to call it an envelope: the spec's, with `meta` and its
 * fields optional, since the real service may leave them out, and a scope any string, since it
 * may add one; everything else is kept as sent.
 */
export const envelopeSchema = /* @__PURE__ */ once(() =>
  z.extend(envelope(), {
    meta: z.optional(
      z.partial(
        z.extend(envelope().shape.meta, {
          scope: z.nullable(z.string()),
          requiredScope: z.optional(z.string()),
        }),
      ),
    ),
  }),
);

/** An answer's envelope as the client accepts it: `meta` and its fields may be missing. */
export interface AnswerEnvelope {
  codigoRespuesta: number;
  msj: string;
  data?: unknown;
  meta?:
    | {
        requestId?: string | undefined;
        appId?: number | undefined;
        scope?: string | null | undefined;
        requiredScope?: string | undefined;
        legacy?: unknown;
        [extra: string]: unknown;
      }
    | undefined;
  details?: unknown;
  [extra: string]: unknown;
}

const isOptional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);
const isString = (value: unknown) => typeof value === 'string';

/**
 * `envelopeSchema`, checked by hand: the client reads every failure with it, and the schema
 * would cost a client's bundle more than the check (test/operations/envelope-check.test.ts
 * holds the two to the same answers).
 */
export function readEnvelope(value: unknown): AnswerEnvelope | undefined {
  if (!isObject(value) || !Number.isSafeInteger(value.codigoRespuesta) || !isString(value.msj))
    return undefined;
  const { meta } = value;
  if (meta === undefined) return value as AnswerEnvelope;
  const accepted =
    isObject(meta) &&
    isOptional(meta.requestId, isString) &&
    isOptional(meta.appId, Number.isSafeInteger) &&
    isOptional(meta.scope, (scope) => scope === null || isString(scope)) &&
    isOptional(meta.requiredScope, isString);
  return accepted ? (value as AnswerEnvelope) : undefined;
}

/** `codigoRespuesta` of every success, and of no failure: what tells the two apart in the envelope. */
export const SUCCESS_CODE = 0;

/**
 * The success case of `envelopeSchema`, checked by hand: it runs on every answer, where the
 * schema's generality costs more than the check.
 */
export function isSuccessEnvelope(value: unknown): value is Envelope & { codigoRespuesta: 0 } {
  if (typeof value !== 'object' || value === null) return false;
  const { codigoRespuesta, msj, meta } = value as Record<string, unknown>;
  return (
    codigoRespuesta === SUCCESS_CODE &&
    typeof msj === 'string' &&
    (meta === undefined || (typeof meta === 'object' && meta !== null && !Array.isArray(meta)))
  );
}

export const SUCCESS_MESSAGE = 'Éxito';

/**
 * `codigoRespuesta` of each failure. The spec fixes 9501 and 9503; it leaves the others open, and
 * the reference server uses these (docs/decisions.md).
 */
export const ERROR_CODES = {
  badRequest: 9400,
  unauthorized: 9501,
  forbidden: 9503,
  notFound: 9404,
  /** A 404 of its own for a method and path that name no operation: the URL is wrong, not the resource. */
  routeNotFound: 9490,
  conflict: 9409,
  payloadTooLarge: 9413,
  unsupportedMediaType: 9415,
  unprocessable: 9422,
  rateLimited: 9429,
  internal: 9500,
} as const;

/**
 * `meta.legacy.codigo` of the business rules the reference server answers with 422
 * (docs/decisions.md). The real service may send others: the client keeps whatever it sends.
 */
export const BUSINESS_RULE_CODES = {
  insufficientBalance: 'SALDO_INSUFICIENTE',
  unknownGroup: 'GRUPO_INEXISTENTE',
  groupTooLarge: 'GRUPO_DEMASIADO_GRANDE',
  unknownCommand: 'COMANDO_DESCONOCIDO',
  invalidDate: 'FECHA_INVALIDA',
  /** A record a write would store is larger than the reference server's `maxRecordBytes`. */
  recordTooLarge: 'REGISTRO_DEMASIADO_GRANDE',
  /** A write would create more records than the reference server's `maxRecords` leaves. */
  tooManyRecords: 'DEMASIADOS_REGISTROS',
} as const;

export type BusinessRuleCode = (typeof BUSINESS_RULE_CODES)[keyof typeof BUSINESS_RULE_CODES];
