import { BUSINESS_RULE_CODES, type BusinessRuleCode } from '../operations/envelope.js';
import type { ParameterLocation } from '../operations/validate.js';

/**
 * The typed fields of a 400 and a 422, read from the answer. A value of another shape than our
 * decisions fix (docs/decisions.md, "Errors") gives `undefined`: the types never claim a shape the
 * spec does not show, and the value stays as sent in the error's `body` or `meta`.
 */

/** One entry of a 400's `details`. */
export interface BadRequestDetail {
  in: ParameterLocation;
  /** Dotted parameter name (`usuarioData.email`); empty for the body as a whole. */
  name: string;
  message: string;
  /** The zod issue code, or the server's own (`invalid_json`). */
  code: string;
}

/** `meta.legacy` of a 422: the code of the business rule, and its facts (`saldo`, `grupoId`, ...). */
export interface BusinessRuleDetail {
  /** As sent: one of BUSINESS_RULE_CODES, or a code the service added since. */
  codigo: BusinessRuleCode | (string & {});
  [fact: string]: unknown;
}

const LOCATIONS: readonly unknown[] = ['path', 'query', 'body', 'header'] satisfies ParameterLocation[];

function isDetail(value: unknown): value is BadRequestDetail {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    LOCATIONS.includes(entry.in) &&
    typeof entry.name === 'string' &&
    typeof entry.message === 'string' &&
    typeof entry.code === 'string'
  );
}

/** `details` of a 400's body when every entry is a BadRequestDetail. */
export function detailsOf(body: unknown): readonly BadRequestDetail[] | undefined {
  const details = (body as { details?: unknown } | undefined)?.details;
  return Array.isArray(details) && details.every(isDetail) ? details : undefined;
}

/** `body.puntos must not be 0; query.fin ...`, from whatever part of each entry is there. */
export function listDetails(body: unknown): string | undefined {
  const details = (body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details) || details.length === 0) return undefined;
  return details
    .map((detail: { in?: string; name?: string; message?: string } | null) =>
      [detail?.in, detail?.name]
        .filter(Boolean)
        .join('.')
        .concat(detail?.message ? ` ${detail.message}` : ''),
    )
    .join('; ');
}

/** `meta.legacy` when it is an object with a string `codigo`. */
export function legacyOf(meta: Record<string, unknown> | undefined): BusinessRuleDetail | undefined {
  const legacy = meta?.legacy;
  if (typeof legacy !== 'object' || legacy === null || Array.isArray(legacy)) return undefined;
  return typeof (legacy as { codigo?: unknown }).codigo === 'string'
    ? (legacy as BusinessRuleDetail)
    : undefined;
}

const KNOWN_CODES: readonly unknown[] = Object.values(BUSINESS_RULE_CODES);

export function isBusinessRuleCode(value: unknown): value is BusinessRuleCode {
  return KNOWN_CODES.includes(value);
}
