import { API_KEY_HEADER } from '../../operations/headers.js';
import type { Scope } from '../../operations/scopes.js';
import { type Answer, type EngineRequest, type EngineResponse, mapAnswer } from '../answers/response.js';
import { followAnswer } from '../profile/follow.js';
import { type AdminState, createAdmin, type ReferenceAdmin } from '../state/admin.js';
import { createEngineState, type EngineState, resetEngineState } from './engine-state.js';
import type { EngineOptions } from './options.js';
import { matchRoute } from './router.js';
import { answerApiRequest, newMeta } from './steps.js';

export interface Engine {
  /** Answers one request; never rejects (an unexpected fault is a 500 envelope). */
  handle(request: EngineRequest): Promise<EngineResponse>;
  /** As `handle`, but synchronous when the answer is: for adapters on a hot path. */
  respond(request: EngineRequest): Answer;
  readonly admin: ReferenceAdmin;
  /** What the request steps work on; for the layers above the engine (admin routes, inspector). */
  readonly state: EngineState;
}

/**
 * The reference server without sockets: a function from a plain request to a plain response,
 * over an in-memory state. Adapters put it behind node:http, MSW or an undici Dispatcher.
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const state = createEngineState(options);
  const adminState: AdminState = {
    data: state.data,
    now: state.options.now,
    faults: () => state.faults?.report(),
    reset: () => resetEngineState(state),
  };
  const { calibration } = state;
  const answer = (request: EngineRequest): Answer => answerApiRequest(state, request, newMeta());
  // With a profile, each answer of an operation as the measured service gave it.
  const respond =
    calibration === undefined
      ? answer
      : (request: EngineRequest): Answer => {
          const route = matchRoute(request.method.toUpperCase(), request.path);
          if (route.kind !== 'operation') return answer(request);
          const caller = () => state.keys.authenticate(request.headers[API_KEY_HEADER]);
          return mapAnswer(answer(request), (response) =>
            followAnswer(calibration, route.operation.id, request, response, (scope) =>
              Boolean(caller()?.scopes.has(scope as Scope)),
            ),
          );
        };
  return {
    admin: createAdmin(adminState),
    state,
    respond,
    handle: (request) => Promise.resolve(respond(request)),
  };
}
