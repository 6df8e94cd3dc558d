import * as z from 'zod';
import type { OperationDefinition } from './define.js';
import { idempotencyKey } from './fields.js';

export type ParameterLocation = 'path' | 'query' | 'body' | 'header';

/** A zod issue whose path starts with where the parameter travels: `['body', 'puntos']`. */
export type RequestIssue = z.core.$ZodIssue & { path: [ParameterLocation, ...PropertyKey[]] };

export interface RequestParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  idempotencyKey?: string | undefined;
}

export type ValidationResult =
  | { ok: true; params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }
  | { ok: false; issues: RequestIssue[] };

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const NO_PARAMETERS = z.strictObject({});

function collect(
  issues: RequestIssue[],
  location: ParameterLocation,
  schema: z.ZodType | undefined,
  value: unknown,
): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    issues.push({ ...issue, path: [location, ...issue.path] } as RequestIssue);
  }
  return undefined;
}

/**
 * Checks a request against its operation: path, query and body with the table's schemas, and
 * the Idempotency-Key rule. The client runs it before sending, the reference server on arrival.
 */
export function validateRequest(operation: OperationDefinition, parts: RequestParts): ValidationResult {
  const issues: RequestIssue[] = [];
  const params = collect(issues, 'path', operation.params ?? NO_PARAMETERS, parts.params ?? {});
  const query = collect(issues, 'query', operation.query ?? NO_PARAMETERS, parts.query ?? {});
  const body = collect(issues, 'body', operation.body, parts.body);
  if (parts.idempotencyKey !== undefined) {
    collect(issues, 'header', idempotencyKey, parts.idempotencyKey);
  } else if (operation.idempotency === 'required') {
    issues.push({
      code: 'custom',
      input: undefined,
      path: ['header'],
      message: `is required by this operation (${operation.method} ${operation.path})`,
    } as RequestIssue);
  }
  for (const issue of issues) {
    if (issue.path[0] === 'header') issue.path.splice(1, issue.path.length - 1, IDEMPOTENCY_HEADER);
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    params: (params ?? {}) as Record<string, unknown>,
    query: (query ?? {}) as Record<string, unknown>,
    body,
  };
}

/** `body.usuarioData.email` */
export function issueLocation(issue: RequestIssue): string {
  return issue.path.map(String).join('.');
}

/** One line per issue, with what was wrong and where. */
export function describeIssues(issues: readonly RequestIssue[]): string {
  return issues.map((issue) => `${issueLocation(issue)}: ${issue.message}`).join('; ');
}
