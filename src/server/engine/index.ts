/**
 * The request steps (route, key, fault, rate limit, help, scope, body, validation, idempotency,
 * handler) over one engine state. May use the handlers, the state, the faults and the answers.
 */
export { createEngine, type Engine } from './engine.js';
export { createEngineState, type EngineState, resetEngineState } from './engine-state.js';
export { answerApiRequest, newMeta } from './steps.js';
