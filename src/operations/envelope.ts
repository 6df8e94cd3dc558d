import * as z from 'zod';
import type { Scope } from './scopes.js';

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

/** What the client requires of an answer to call it an envelope; everything else is kept as sent. */
export const envelopeSchema = z.looseObject({
  codigoRespuesta: z.number(),
  msj: z.string(),
  data: z.unknown().optional(),
  meta: z
    .looseObject({
      requestId: z.string().optional(),
      appId: z.number().optional(),
      scope: z.string().nullable().optional(),
    })
    .optional(),
  details: z.unknown().optional(),
});

/**
 * The success case of `envelopeSchema`, checked by hand: it runs on every answer, where the
 * schema's generality costs more than the check.
 */
export function isSuccessEnvelope(value: unknown): value is Envelope & { codigoRespuesta: 0 } {
  if (typeof value !== 'object' || value === null) return false;
  const { codigoRespuesta, msj, meta } = value as Record<string, unknown>;
  return (
    codigoRespuesta === 0 &&
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
  conflict: 9409,
  payloadTooLarge: 9413,
  unprocessable: 9422,
  rateLimited: 9429,
  internal: 9500,
} as const;
