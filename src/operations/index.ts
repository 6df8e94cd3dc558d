/**
 * The operation table: one file per resource, the shared field schemas, scopes, limits, help text.
 * The bottom wing: it may use no other wing. These exports are public (the main entry re-exports
 * them) and typed without zod (public.ts).
 */

export { IDEMPOTENCY_HEADER } from '../core/index.js';
export { type HttpMethod, type IdempotencyRule, pathParamNames } from './define.js';
export { type Envelope, type EnvelopeMeta, ERROR_CODES, SUCCESS_MESSAGE } from './envelope.js';
export { API_PREFIX, LIMITS } from './limits.js';
export { TIPO } from './promociones.js';
export {
  type AnswerEnvelope,
  envelopeSchema,
  getOperation,
  headerValue,
  idempotencyKey,
  type Operation,
  type OperationById,
  operationIds,
  operations,
  renderHelp,
  type SafeParseResult,
  type Schema,
  type SchemaIssue,
  validateRequest,
} from './public.js';
export { isScope, SCOPES, type Scope } from './scopes.js';
export type { OperationId } from './table.js';
export {
  describeIssues,
  issueLocation,
  type ParameterLocation,
  type RequestIssue,
  type RequestParts,
  type ValidationResult,
} from './validate.js';
