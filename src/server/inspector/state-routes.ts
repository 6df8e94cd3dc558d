import * as z from 'zod/mini';
import { nearestName } from '../../core/index.js';
import { uid } from '../../operations/fields.js';
import { PLAIN_MESSAGES } from '../../operations/issue-messages.js';
import { once } from '../../operations/once.js';
import { type OperationId, operationIds } from '../../operations/table.js';
import type { RequestIssue } from '../../operations/validate.js';
import { detailsFromIssues } from '../answers/details.js';
import { badRequest } from '../answers/failures.js';
import type { EngineRequest } from '../answers/response.js';
import { readJsonBody } from '../engine/body.js';
import { setFaultInjection } from '../engine/engine-state.js';
import { parseQuery } from '../engine/request-parts.js';
import type { ReferenceEngine } from './reference-engine.js';
import type { RequestFilter } from './request-log.js';

/** The issues of an admin body or query, as a 400 with `details`, like an operation's. */
export function refuseInput(issues: z.core.$ZodIssue[], where: 'body' | 'query'): never {
  const located = issues.map((issue) => ({ ...issue, path: [where, ...issue.path] }));
  throw badRequest(detailsFromIssues(located as unknown as RequestIssue[]));
}

/** What an `operation` filter that names no operation is told: the id it was probably meant to be. */
function unknownOperation(id: string): string {
  const near = nearestName(id, operationIds);
  return `is not an operation id${near ? `; did you mean "${near}"?` : ` (${operationIds.join(', ')})`}`;
}

const requestsQuery = /* @__PURE__ */ once(() =>
  z.strictObject({
    operation: z.optional(
      z.string().check(
        z.refine((id) => operationIds.includes(id as OperationId), {
          error: (issue) => unknownOperation(String(issue.input)),
        }),
      ),
    ),
    status: z.optional(
      z
        .string()
        .check(z.regex(/^([1-5]\d\d|[1-5]xx)$/i, 'must be a status such as 404, or a class such as 4xx')),
    ),
    uid: z.optional(uid()),
    since: z.optional(
      z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)),
    ),
  }),
);

/** `GET /__admin/requests?operation=&status=&uid=&since=`: the filter it names. */
export function requestFilter(request: EngineRequest): RequestFilter {
  const result = requestsQuery().safeParse({ ...parseQuery(request.query).values }, PLAIN_MESSAGES);
  if (!result.success) refuseInput(result.error.issues, 'query');
  return result.data;
}

const faultSwitch = /* @__PURE__ */ once(() =>
  z.strictObject({ enabled: z.boolean('must be true or false') }),
);

/** `POST /__admin/faults {enabled}`: fault injection on or off. */
export function switchFaults({ state }: ReferenceEngine, request: EngineRequest) {
  const result = faultSwitch().safeParse(readJsonBody(request), PLAIN_MESSAGES);
  if (!result.success) refuseInput(result.error.issues, 'body');
  setFaultInjection(state, result.data.enabled);
  return { enabled: state.faults !== undefined };
}
