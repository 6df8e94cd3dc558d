import { API_KEY_HEADER } from '../../core/index.js';
import type { Scope } from '../../operations/scopes.js';
import { failureResponse } from '../answers/envelope.js';
import { routeNotFound } from '../answers/failures.js';
import { type Answer, type EngineRequest, mapAnswer } from '../answers/response.js';
import { createEngine, type Engine } from '../engine/engine.js';
import type { EngineOptions } from '../engine/options.js';
import { matchRoute } from '../engine/router.js';
import { newMeta } from '../engine/steps.js';
import { type Calibration, calibrationOf, followAnswer } from './follow.js';
import type { ServiceProfile } from './format.js';
import { partsAsMeasured } from './parts.js';

/** Whether the key of `request` holds a scope: asked only for the OpenAPI document of a profile that lists operations only the service has. */
function holdsOf(engine: Engine, request: EngineRequest): (scope: string) => boolean {
  return (scope) =>
    engine.state.keys.authenticate(request.headers[API_KEY_HEADER])?.scopes.has(scope as Scope) ?? false;
}

/**
 * The engine answering as the measured service: an operation the service lacks answered first, as
 * a route it does not have; every other request handed to the engine, and its answer given as the
 * service gives it (`followAnswer`: refusal statuses, codes and `details`, record fields, headers,
 * the OpenAPI document). A request that names no operation is the engine's alone.
 */
function withProfile(engine: Engine, calibration: Calibration): Engine {
  const respond = (request: EngineRequest): Answer => {
    const match = matchRoute(request.method.toUpperCase(), request.path);
    if (match.kind !== 'operation') return engine.respond(request);
    const { id } = match.operation;
    const answer = calibration.lacks(id)
      ? failureResponse(routeNotFound(), newMeta())
      : engine.respond(request);
    return mapAnswer(answer, (response) =>
      followAnswer(calibration, id, request, response, holdsOf(engine, request)),
    );
  };
  return { ...engine, respond, handle: (request) => Promise.resolve(respond(request)) };
}

/**
 * An engine that answers as the service a profile measured (`loyalty verify --profile-out`), where
 * it differs from the spec: its rate limit and `Retry-After`, its validation and its answers to a
 * key sent again around the engine's own parts (`partsAsMeasured`), the rest around the engine's
 * answers (`withProfile`). The spec's wherever the profile says nothing.
 */
export function createProfiledEngine(options: EngineOptions, profile: ServiceProfile): Engine {
  const calibration = calibrationOf(profile);
  const requests = calibration.rateLimit?.requests;
  // A profile's rate limit is the measured service's: it replaces limits.rateLimit.limit.
  const limits =
    requests === undefined
      ? options.limits
      : { ...options.limits, rateLimit: { ...options.limits?.rateLimit, limit: requests } };
  const engine = createEngine({ ...options, limits }, (own) => partsAsMeasured(calibration, own));
  return withProfile(engine, calibration);
}
