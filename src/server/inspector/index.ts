/**
 * What the reference server offers besides the API: the request log, the admin routes under
 * /__admin/ (`GET /__admin/requests`, its live feed `GET /__admin/requests/stream` served by the
 * node:http adapter, state, customers, faults) and the inspector page at /__inspector.
 * May use the profile, the engine, the state and the answers; the engine does not know this wing.
 */
export { ADMIN_PREFIX, createAdminRoutes } from './admin-routes.js';
export { denyFraming } from './framing.js';
export { INSPECTOR_PATH } from './inspector-page.js';
export type { ReferenceAdmin, ReferenceEngine } from './reference-engine.js';
export type {
  ConflictDifference,
  IdempotencyConflict,
  LoggedMessage,
  RequestEntry,
} from './request-entry.js';
export type { RequestFilter, RequestLog, RequestLogCounts, RequestLogEvent } from './request-log.js';
export { createReferenceEngine } from './with-admin-routes.js';
