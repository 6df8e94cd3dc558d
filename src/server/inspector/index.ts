/**
 * What the reference server offers besides the API: the admin routes under /__admin/.
 * May use the engine, the state and the answers; the engine does not know this wing.
 */
export { ADMIN_PREFIX, createAdminRoutes } from './admin-routes.js';
export { createReferenceEngine, withAdminRoutes } from './with-admin-routes.js';
