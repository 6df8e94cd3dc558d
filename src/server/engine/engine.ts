import type { Answer, EngineRequest, EngineResponse } from '../answers/response.js';
import { type AdminState, createAdmin, type StateAdmin } from '../state/admin.js';
import { createEngineState, type EngineParts, type EngineState, resetEngineState } from './engine-state.js';
import type { EngineOptions } from './options.js';
import { answerApiRequest } from './steps.js';

export interface Engine {
  /** Answers one request; never rejects (an unexpected fault is a 500 envelope). */
  handle(request: EngineRequest): Promise<EngineResponse>;
  /** As `handle`, but synchronous when the answer is: for adapters on a hot path. */
  respond(request: EngineRequest): Answer;
  readonly admin: StateAdmin;
  /** What the request steps work on; for the layers above the engine (admin routes, inspector). */
  readonly state: EngineState;
}

/**
 * The reference server without sockets: a function from a plain request to a plain response,
 * over an in-memory state, by the spec's rules. Adapters put it behind node:http, MSW or an undici
 * Dispatcher. `around` gives a layer's own parts around the engine's (a service profile's, see
 * src/server/profile/layer.ts); without it the steps consult only the engine's own.
 */
export function createEngine(
  options: EngineOptions = {},
  around?: (own: EngineParts) => EngineParts,
): Engine {
  const state = createEngineState(options, around);
  const adminState: AdminState = {
    data: state.data,
    now: state.options.now,
    faults: () => state.faults?.report(),
    reset: () => resetEngineState(state),
  };
  const respond = (request: EngineRequest): Answer => answerApiRequest(state, request);
  return {
    admin: createAdmin(adminState),
    state,
    respond,
    handle: (request) => Promise.resolve(respond(request)),
  };
}
