/**
 * The service profile (`loyalty verify --profile-out`): its format, its check as an option, and
 * how the engine follows it (record fields, refusal statuses, codes and `details`, headers,
 * limits, the OpenAPI document). May use the answers and the table.
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
