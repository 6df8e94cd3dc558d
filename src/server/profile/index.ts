/**
 * The service profile (`loyalty verify --profile-out`): its format, its check as an option, and
 * the layer around the engine that answers as the measured service (record fields, refusal
 * statuses, codes and `details`, headers, limits, keys sent again, the OpenAPI document). May use
 * the engine, the answers and the table; the engine does not know this wing.
 */
export { checkProfile } from './check.js';
export { DATA_LOCATION, fieldPath } from './field-path.js';
export { type Calibration, calibrationOf, followAnswer } from './follow.js';
export type {
  ProfileEntry,
  ProfileFact,
  ProfileHeaderType,
  ProfileSource,
  ServiceProfile,
} from './format.js';
export { PROFILE_FORMAT, PROFILE_VERSION } from './format.js';
export { checkLimitFacts } from './limits.js';
