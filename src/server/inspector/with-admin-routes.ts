import { type Answer, type EngineRequest, mapAnswer } from '../answers/response.js';
import { settle } from '../answers/settle.js';
import type { Engine } from '../engine/engine.js';
import { newMeta } from '../engine/steps.js';
import { ADMIN_PREFIX, createAdminRoutes } from './admin-routes.js';
import { INSPECTOR_PATH, inspectorPage } from './inspector-page.js';
import type { ReferenceEngine } from './reference-engine.js';
import { RequestLog } from './request-log.js';
import { createServedEngine, type ReferenceServerOptions } from './server-options.js';

/**
 * The engine as the adapters serve it: the inspector's page at INSPECTOR_PATH, requests under
 * ADMIN_PREFIX answered by the admin routes, everything else by the engine's request steps, each
 * API request and its answer recorded in the request log.
 */
function withAdminRoutes(engine: ReferenceEngine): ReferenceEngine {
  const answerAdmin = createAdminRoutes(engine);
  const { requestLog } = engine;
  const { now } = engine.state.options;
  const respond = (request: EngineRequest): Answer => {
    if (request.path === INSPECTOR_PATH || request.path === `${INSPECTOR_PATH}/`) return inspectorPage();
    if (request.path.startsWith(ADMIN_PREFIX)) {
      const meta = newMeta();
      return settle(() => answerAdmin(request, meta), meta);
    }
    const started = performance.now();
    return mapAnswer(engine.respond(request), (response) => {
      requestLog.record(request, response, now(), Math.round((performance.now() - started) * 100) / 100);
      return response;
    });
  };
  return { ...engine, respond, handle: (request) => Promise.resolve(respond(request)) };
}

/**
 * The engine (a profile's layer around it when the options give one) with its request log, its
 * admin routes and the inspector: what every adapter serves.
 */
export function createReferenceEngine(options: ReferenceServerOptions = {}): ReferenceEngine {
  const engine: Engine = createServedEngine(options);
  const requestLog = new RequestLog(engine.state.options.requestLog);
  const admin = {
    ...engine.admin,
    reset() {
      engine.admin.reset();
      requestLog.clear();
    },
    requests: (filter = {}) => requestLog.list(filter),
  } satisfies ReferenceEngine['admin'];
  return withAdminRoutes({ ...engine, admin, requestLog });
}
