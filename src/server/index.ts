/**
 * The reference server: `createReferenceServer` (node:http), the in-process `createTestClient`,
 * their options, the admin helpers, the demo keys, the fault kinds, and `buildOpenApiDocument`
 * (the document it serves; the whole one ships as `loyalty-sdk/openapi.json`). This is the whole
 * public surface of `loyalty-sdk/server`; the engine and its adapters stay inside
 * (docs/architecture.md).
 *
 * @packageDocumentation
 * @module loyalty-sdk/server
 */
export { buildOpenApiDocument } from '../openapi/document.js';
export {
  createReferenceServer,
  type ListenOptions,
  type ReferenceServer,
} from './adapters/reference-server.js';
export {
  createTestClient,
  IN_PROCESS_BASE_URL,
  type TestClient,
  type TestClientOptions,
} from './adapters/test-client.js';
export {
  type ApiKeyConfig,
  DEFAULT_APP_ID,
  DEMO_API_KEY,
  DEMO_KEYS,
  DEMO_READ_ONLY_API_KEY,
} from './engine/keys.js';
export { FAULT_HEADER } from './faults/inject.js';
export {
  FAULT_DEFAULTS,
  FAULT_KINDS,
  type FaultKind,
  type FaultOptions,
  type FaultReport,
} from './faults/options.js';
export type {
  ConflictDifference,
  IdempotencyConflict,
  LoggedMessage,
  ReferenceAdmin,
  RequestEntry,
  RequestFilter,
} from './inspector/index.js';
export type { ReferenceServerOptions } from './inspector/server-options.js';
export type {
  ProfileEntry,
  ProfileFact,
  ProfileFactBase,
  ProfileHeaderType,
  ProfileJsonType,
  ProfileLimitRules,
  ProfileReplayAnswer,
  ProfileSource,
  ServiceProfile,
} from './profile/format.js';
export type { AdminCustomerInput } from './state/admin.js';
export { DEFAULT_LIMITS, type RateLimit, type ServerLimits } from './state/limits.js';
export type { AuditEntry } from './state/records.js';
export type { SeedName } from './state/seed.js';
