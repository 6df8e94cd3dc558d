/**
 * The request steps (route, key, fault, rate limit, help, scope, body, validation, idempotency,
 * handler) over one engine state, by its rules: the spec's, or a service profile's. May use the
 * handlers, the state, the faults, the profile and the answers.
 */
export { createEngine, type Engine } from './engine.js';
export { createEngineState, type EngineState, resetEngineState } from './engine-state.js';
export { answerApiRequest, newMeta } from './steps.js';
