import { createEngine, type Engine } from '../engine/engine.js';
import { checkOptionNames, ENGINE_OPTION_NAMES, type EngineOptions, failOption } from '../engine/options.js';
import { checkProfile } from '../profile/check.js';
import type { ServiceProfile } from '../profile/format.js';
import { createProfiledEngine } from '../profile/layer.js';

/** Options of `createReferenceServer`, `createTestClient` and the MSW handlers (docs/reference-server.md, "From code"). */
export interface ReferenceServerOptions extends EngineOptions {
  /**
   * A service profile (`loyalty verify --profile-out`): answer as the measured service did where
   * it differs from ours (record fields, refusal codes, `details`, headers, limits).
   */
  profile?: ServiceProfile;
}

const SERVER_OPTION_NAMES: readonly string[] = [...ENGINE_OPTION_NAMES, 'profile'];

/**
 * The engine the options ask for: the spec's, or, given a profile, one wrapped in the layer that
 * answers as the service the profile measured. Every option's name, and their depth, is checked
 * first, the profile's with the others.
 */
export function createServedEngine(options: ReferenceServerOptions = {}): Engine {
  checkOptionNames(options, SERVER_OPTION_NAMES);
  const { profile, ...engineOptions } = options;
  const checked = checkProfile(profile, failOption);
  return checked === undefined ? createEngine(engineOptions) : createProfiledEngine(engineOptions, checked);
}
