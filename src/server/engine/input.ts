import type { Operation } from '../../operations/table.js';
import { validateRequest } from '../../operations/validate.js';
import { decodeWireParams } from '../../operations/wire.js';
import { detailsFromIssues, type ProblemDetail } from '../answers/details.js';
import { badRequest } from '../answers/failures.js';
import { decodePathParams, helpProblem, type ParsedQuery } from './request-parts.js';

export interface ValidInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface RawInput {
  paramNames: readonly string[];
  rawParams: readonly string[];
  query: ParsedQuery;
  body: unknown;
  idempotencyKey: string | undefined;
}

/**
 * Decodes the wire strings of a request and checks them with the operation table's
 * `validateRequest`; every problem found is reported at once in a 400.
 */
export function validateInput(operation: Operation, raw: RawInput): ValidInput {
  const problems: ProblemDetail[] = [...raw.query.problems];
  const help = helpProblem(raw.query.help);
  if (help) problems.push(help);
  const path = decodePathParams(raw.paramNames, raw.rawParams);
  problems.push(...path.problems);
  const result = validateRequest(operation, {
    params: operation.params ? decodeWireParams(operation.params, path.values) : path.values,
    query: operation.query ? decodeWireParams(operation.query, raw.query.values) : raw.query.values,
    body: raw.body,
    idempotencyKey: raw.idempotencyKey,
  });
  if (!result.ok) problems.push(...detailsFromIssues(result.issues));
  if (problems.length > 0 || !result.ok) throw badRequest(problems);
  return { params: result.params, query: result.query, body: result.body };
}
