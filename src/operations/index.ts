/**
 * The operation table: one file per resource, the shared field schemas, scopes, limits, help text.
 * The bottom wing: it may use no other wing. These exports are public (the main entry re-exports them).
 */
export type { HttpMethod, IdempotencyRule, OperationDefinition } from './define.js';
export { pathParamNames } from './define.js';
export {
  type Envelope,
  type EnvelopeMeta,
  ERROR_CODES,
  envelopeSchema,
  SUCCESS_MESSAGE,
} from './envelope.js';
export { headerValue, idempotencyKey } from './fields.js';
export { renderHelp } from './help.js';
export { API_PREFIX, LIMITS } from './limits.js';
export { TIPO } from './promociones.js';
export { isScope, SCOPES, type Scope } from './scopes.js';
export {
  getOperation,
  type Operation,
  type OperationById,
  type OperationId,
  operationIds,
  operations,
} from './table.js';
export {
  describeIssues,
  IDEMPOTENCY_HEADER,
  issueLocation,
  type ParameterLocation,
  type RequestIssue,
  type RequestParts,
  type ValidationResult,
  validateRequest,
} from './validate.js';
export { decodeWireParams } from './wire.js';
