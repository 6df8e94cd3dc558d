/**
 * The reference server: `createReferenceServer`, the in-process `createTestClient`, the engine
 * and its adapters, the demo keys.
 *
 * @packageDocumentation
 * @module loyalty-sdk/server
 */
export type { AdminCustomerInput, ReferenceAdmin } from './admin.js';
export { DEFAULT_APP_ID, DEMO_API_KEY, DEMO_KEYS, DEMO_READ_ONLY_API_KEY } from './demo-keys.js';
export type { ProblemDetail } from './details.js';
export { createEngine, type Engine } from './engine.js';
export { EngineDispatcher, type HandleRequest } from './engine-dispatcher.js';
export { FAULT_DEFAULTS, FAULT_KINDS } from './fault-options.js';
export { FAULT_HEADER } from './faults.js';
export { createNodeListener } from './node-adapter.js';
export { DEFAULT_LIMITS, MAX_BODY_BYTES } from './options.js';
export {
  createReferenceServer,
  DEFAULT_HOST,
  type ListenOptions,
  type ReferenceServer,
} from './reference-server.js';
export {
  createTestClient,
  IN_PROCESS_BASE_URL,
  type TestClient,
  type TestClientOptions,
} from './test-client.js';
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
} from './types.js';
