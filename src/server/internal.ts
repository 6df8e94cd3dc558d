/**
 * The reference server's insides, for this repository's CLI and tests: the engine, its adapters
 * and its constants. Not an entry point of the package: what is here may change in any release.
 */

export { isLoopback } from './adapters/admin-access.js';
export { EngineDispatcher } from './adapters/engine-dispatcher.js';
export { createNodeListener } from './adapters/node-listener.js';
export { DEFAULT_HOST, serveEngine } from './adapters/reference-server.js';
export type { Answer, EngineRequest, EngineResponse } from './answers/response.js';
export { MAX_BODY_BYTES } from './engine/body.js';
export type { Engine } from './engine/engine.js';
export { isDemoKey } from './engine/keys.js';
export type { EngineOptions } from './engine/options.js';
export * from './index.js';
export { ADMIN_PREFIX } from './inspector/admin-routes.js';
export { INSPECTOR_PATH } from './inspector/inspector-page.js';
export type { ReferenceEngine } from './inspector/reference-engine.js';
export { createReferenceEngine } from './inspector/with-admin-routes.js';
export { checkProfile, factProblem } from './profile/check.js';
export { DATA_LOCATION, fieldPath } from './profile/field-path.js';
export { PROFILE_FORMAT, PROFILE_VERSION, type ProfileHeaderType } from './profile/format.js';
export { RECORD_VALUE_SHARE, recordBytes } from './state/record-limits.js';
