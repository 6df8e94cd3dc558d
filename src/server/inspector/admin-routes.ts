import * as z from 'zod';
import { uid } from '../../operations/fields.js';
import { gruposNombreSet } from '../../operations/grupos.js';
import { detailsFromIssues } from '../answers/details.js';
import { type BaseMeta, successResponse } from '../answers/envelope.js';
import { badRequest, methodNotAllowed, payloadTooLarge, routeNotFound } from '../answers/failures.js';
import type { EngineRequest, EngineResponse } from '../answers/response.js';
import { parseJsonBody } from '../engine/request-parts.js';
import { type ReferenceAdmin, unknownUids } from '../state/admin.js';
import type { Store } from '../state/store.js';

/** Admin routes live outside /ext/v3 and take no API key. */
export const ADMIN_PREFIX = '/__admin/';

const createGroupBody = z.strictObject({
  uids: z.array(uid, 'must be an array of customer uids'),
  nombre: gruposNombreSet.body.shape.nombre.optional(),
});

type AdminRoute = (request: EngineRequest, meta: BaseMeta) => EngineResponse;

function jsonBodyOf(request: EngineRequest): unknown {
  const parsed = parseJsonBody(request.body, request.headers['content-length']);
  if (parsed.kind === 'too-large') throw payloadTooLarge();
  if (parsed.kind === 'malformed') throw badRequest([parsed.problem]);
  return parsed.value;
}

/** The admin routes, answered with the usual envelope (appId 0 and scope null: no key is involved). */
export function createAdminRoutes(admin: ReferenceAdmin, currentStore: () => Store) {
  const routes: Record<string, Record<string, AdminRoute>> = {
    grupos: {
      POST: (request, meta) => {
        const result = createGroupBody.safeParse(jsonBodyOf(request));
        if (!result.success) {
          throw badRequest(
            detailsFromIssues(
              result.error.issues.map((issue) => ({ ...issue, path: ['body', ...issue.path] })),
            ),
          );
        }
        const unknown = unknownUids(currentStore(), result.data.uids);
        if (unknown.length > 0) {
          throw badRequest(
            unknown.map((value) => ({
              in: 'body' as const,
              name: `uids.${result.data.uids.indexOf(value)}`,
              message: 'is not a known customer',
              code: 'custom',
            })),
          );
        }
        return successResponse({ grupoId: admin.createGroup(result.data) }, meta);
      },
    },
    reset: {
      POST: (_request, meta) => {
        admin.reset();
        return successResponse({ reset: true }, meta);
      },
    },
    audit: {
      GET: (_request, meta) => successResponse(admin.audit(), meta),
    },
    faults: {
      GET: (_request, meta) => successResponse(admin.faults() ?? null, meta),
    },
  };

  return function handleAdmin(request: EngineRequest, method: string, meta: BaseMeta): EngineResponse {
    const name = request.path.slice(ADMIN_PREFIX.length);
    const byMethod = Object.hasOwn(routes, name) ? routes[name] : undefined;
    if (!byMethod) throw routeNotFound();
    const route = Object.hasOwn(byMethod, method) ? byMethod[method] : undefined;
    if (!route) throw methodNotAllowed(Object.keys(byMethod).join(', '));
    return route(request, meta);
  };
}
