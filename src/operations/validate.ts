import * as z from 'zod/mini';
import { IDEMPOTENCY_HEADER } from '../core/index.js';
import type { OperationRow } from './define.js';
import { idempotencyKey } from './fields.js';
import { explainIssue, PLAIN_MESSAGES } from './issue-messages.js';
import { once } from './once.js';

export type ParameterLocation = 'path' | 'query' | 'body' | 'header';

/** One problem of a request: where (the path starts with where the parameter travels), and what. */
export interface RequestIssue {
  /** The zod issue code (`invalid_type`, `too_big`, `unrecognized_keys`, `custom`, ...). */
  code: string;
  /** `['body', 'usuarioData', 'email']`; `['header', 'Idempotency-Key']`. */
  path: [ParameterLocation, ...PropertyKey[]];
  /** What is wrong and how to put it right, e.g. `is required`. */
  message: string;
  /** `unrecognized_keys`: the keys that are not known. */
  keys?: string[];
  /** The issue's other facts as zod reports them (`expected`, `minimum`, `maximum`, ...). */
  [fact: string]: unknown;
}

export interface RequestParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  idempotencyKey?: string | undefined;
}

export type ValidationResult =
  | { ok: true; params: Record<string, unknown>; query: Record<string, unknown>; body: unknown }
  | { ok: false; issues: RequestIssue[] };

const NO_PARAMETERS = /* @__PURE__ */ once(() => z.strictObject({}));

function collect(
  issues: RequestIssue[],
  location: ParameterLocation,
  schema: z.ZodMiniType | undefined,
  value: unknown,
): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Only a failure pays for a second parse, with plain messages for the rules that have none.
  for (const issue of schema.safeParse(value, PLAIN_MESSAGES).error?.issues ?? result.error.issues) {
    for (const explained of explainIssue(issue, schema, value, location)) {
      issues.push({ ...explained, path: [location, ...explained.path] } as RequestIssue);
    }
  }
  return undefined;
}

/**
 * Checks a request against its operation: path, query and body with the table's schemas, and
 * the Idempotency-Key rule. The client runs it before sending, the reference server on arrival.
 */
export function validateRequest(operation: OperationRow, parts: RequestParts): ValidationResult {
  const issues: RequestIssue[] = [];
  const params = collect(issues, 'path', operation.params ?? NO_PARAMETERS(), parts.params ?? {});
  const query = collect(issues, 'query', operation.query ?? NO_PARAMETERS(), parts.query ?? {});
  const body = collect(issues, 'body', operation.body, parts.body);
  if (parts.idempotencyKey !== undefined) {
    collect(issues, 'header', idempotencyKey(), parts.idempotencyKey);
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

/** `body.usuarioData.email`; an unknown key is named after its object (`body.points`). */
export function issueLocation(issue: RequestIssue): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys?.length === 1) path.push(String(issue.keys[0]));
  return path.join('.');
}

/** One line per issue, with what was wrong and where. */
export function describeIssues(issues: readonly RequestIssue[]): string {
  return issues.map((issue) => `${issueLocation(issue)}: ${issue.message}`).join('; ');
}
