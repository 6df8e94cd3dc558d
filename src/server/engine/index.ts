/**
 * The request steps (route, key, fault, rate limit, help, scope, body, validation, idempotency,
 * handler) over one engine state, by the spec's rules; a layer around it (a service profile) may
 * give its own validation, idempotency keys and request limiter around the engine's. May use the
 * handlers, the state, the faults and the answers.
 */
export { createEngine, type Engine } from './engine.js';
export { createEngineState, type EngineParts, type EngineState, resetEngineState } from './engine-state.js';
export { answerApiRequest, newMeta } from './steps.js';
