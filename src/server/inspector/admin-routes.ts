import * as z from 'zod/mini';
import { uid } from '../../operations/fields.js';
import { gruposNombreSet } from '../../operations/grupos.js';
import { PLAIN_MESSAGES } from '../../operations/issue-messages.js';
import { once } from '../../operations/once.js';
import type { ProblemDetail } from '../answers/details.js';
import { type BaseMeta, successResponse, successResponseOfJson } from '../answers/envelope.js';
import { badRequest, methodNotAllowed, routeNotFound } from '../answers/failures.js';
import type { EngineRequest, EngineResponse } from '../answers/response.js';
import { readJsonBody } from '../engine/body.js';
import { addGroup, unknownUids } from '../state/admin.js';
import { checkRecordSize, takeRecords } from '../state/record-limits.js';
import type { ReferenceEngine } from './reference-engine.js';
import { refuseInput, requestFilter, switchFaults } from './state-routes.js';
import { customerSnapshotJson, stateSnapshotJson } from './state-snapshots.js';

/** Admin routes live outside /ext/v3 and take no API key. */
export const ADMIN_PREFIX = '/__admin/';

const createGroupBody = /* @__PURE__ */ once(() =>
  z.strictObject({
    uids: z.array(uid(), 'must be an array of customer uids'),
    nombre: z.optional(gruposNombreSet.body.shape.nombre),
  }),
);

type AdminRoute = (request: EngineRequest, meta: BaseMeta) => EngineResponse;

/** The body of `POST /__admin/grupos`, checked like an operation's: every problem in `details`. */
function groupInput(
  { state }: ReferenceEngine,
  request: EngineRequest,
): z.output<ReturnType<typeof createGroupBody>> {
  const result = createGroupBody().safeParse(readJsonBody(request), PLAIN_MESSAGES);
  if (!result.success) refuseInput(result.error.issues, 'body');
  const { uids } = result.data;
  const unknown = unknownUids(state.data.store, uids);
  if (unknown.length > 0) {
    throw badRequest(
      unknown.map(
        (value): ProblemDetail => ({
          in: 'body',
          name: `uids.${uids.indexOf(value)}`,
          message: 'is not a known customer',
          code: 'custom',
        }),
      ),
    );
  }
  return result.data;
}

/** `POST /__admin/grupos`: a group a request stores, so the record limits apply to it. */
function createGroup(engine: ReferenceEngine, request: EngineRequest): number {
  const input = groupInput(engine, request);
  const { limits } = engine.state.options;
  return engine.state.data.change((store) =>
    addGroup(store, input, (group) => {
      checkRecordSize('grupo', group, limits);
      takeRecords(store, 1, limits);
    }),
  );
}

/** The admin routes by name and method, answered with the usual envelope (appId 0, scope null). */
function adminRoutes(engine: ReferenceEngine): Record<string, Record<string, AdminRoute>> {
  const { admin } = engine;
  return {
    grupos: {
      POST: (request, meta) => successResponse({ grupoId: createGroup(engine, request) }, meta),
    },
    reset: {
      POST: (_request, meta) => {
        admin.reset();
        return successResponse({ reset: true }, meta);
      },
    },
    audit: { GET: (_request, meta) => successResponse(admin.audit(), meta) },
    faults: {
      GET: (_request, meta) => successResponse(admin.faults() ?? null, meta),
      POST: (request, meta) => successResponse(switchFaults(engine, request), meta),
    },
    requests: { GET: (request, meta) => successResponse(admin.requests(requestFilter(request)), meta) },
    state: { GET: (request, meta) => successResponseOfJson(stateSnapshotJson(engine, request), meta) },
  };
}

/** The one admin route with a parameter: `customers/<uid>`. */
const CUSTOMER_ROUTE = /^customers\/([^/]+)$/;

/** Answers a request under ADMIN_PREFIX; a refusal is thrown as an ApiFailureError. */
export function createAdminRoutes(engine: ReferenceEngine): AdminRoute {
  const routes = adminRoutes(engine);
  return (request, meta) => {
    const name = request.path.slice(ADMIN_PREFIX.length);
    const customer = CUSTOMER_ROUTE.exec(name);
    if (customer) {
      if (request.method.toUpperCase() !== 'GET') throw methodNotAllowed('GET');
      return successResponseOfJson(customerSnapshotJson(engine, customer[1] as string, request), meta);
    }
    const byMethod = Object.hasOwn(routes, name) ? routes[name] : undefined;
    if (!byMethod) throw routeNotFound();
    const method = request.method.toUpperCase();
    const route = Object.hasOwn(byMethod, method) ? byMethod[method] : undefined;
    if (!route) throw methodNotAllowed(Object.keys(byMethod).join(', '));
    return route(request, meta);
  };
}
