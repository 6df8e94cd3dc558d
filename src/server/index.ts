/**
 * The reference server: `createReferenceServer`, the in-process `createTestClient`, the engine
 * and its adapters, the demo keys.
 *
 * @packageDocumentation
 * @module loyalty-sdk/server
 */

export { EngineDispatcher, type HandleRequest } from './adapters/engine-dispatcher.js';
export { createNodeListener } from './adapters/node-listener.js';
export {
  createReferenceServer,
  DEFAULT_HOST,
  type ListenOptions,
  type ReferenceServer,
} from './adapters/reference-server.js';
export {
  createTestClient,
  IN_PROCESS_BASE_URL,
  type TestClient,
  type TestClientOptions,
} from './adapters/test-client.js';
export type { ProblemDetail } from './answers/details.js';
export type {
  ApiKeyConfig,
  AuditEntry,
  Customer,
  DeliveryFault,
  EngineOptions,
  EngineRequest,
  EngineResponse,
  FaultKind,
  FaultOptions,
  FaultReport,
  Group,
  Level,
  Movement,
  Notification,
  Promotion,
  RateLimit,
  ReferenceServerOptions,
  ReportCatalog,
  SeedName,
  ServerLimits,
  Task,
} from './answers/response.js';
export { createEngine, type Engine } from './engine/engine.js';
export { DEFAULT_APP_ID, DEMO_API_KEY, DEMO_KEYS, DEMO_READ_ONLY_API_KEY } from './engine/keys.js';
export { DEFAULT_LIMITS, MAX_BODY_BYTES } from './engine/options.js';
export { FAULT_HEADER } from './faults/inject.js';
export { FAULT_DEFAULTS, FAULT_KINDS } from './faults/options.js';
export type { AdminCustomerInput, ReferenceAdmin } from './state/admin.js';
