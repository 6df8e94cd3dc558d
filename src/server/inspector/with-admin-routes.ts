import type { Answer, EngineRequest } from '../answers/response.js';
import { settle } from '../answers/settle.js';
import { createEngine, type Engine } from '../engine/engine.js';
import type { EngineOptions } from '../engine/options.js';
import { newMeta } from '../engine/steps.js';
import { ADMIN_PREFIX, createAdminRoutes } from './admin-routes.js';

/**
 * The engine as the adapters serve it: requests under ADMIN_PREFIX are answered by the admin
 * routes, everything else by the engine's request steps.
 */
export function withAdminRoutes(engine: Engine): Engine {
  const answerAdmin = createAdminRoutes(engine);
  const respond = (request: EngineRequest): Answer => {
    if (!request.path.startsWith(ADMIN_PREFIX)) return engine.respond(request);
    const meta = newMeta();
    return settle(() => answerAdmin(request, meta), meta);
  };
  return { ...engine, respond, handle: (request) => Promise.resolve(respond(request)) };
}

/** The engine with its admin routes: what every adapter serves. */
export function createReferenceEngine(options: EngineOptions = {}): Engine {
  return withAdminRoutes(createEngine(options));
}
