/**
 * The client (`LoyaltyClient`), its errors, types and retry policy, and the in-memory limiter
 * (`createMemoryLimiter`). The operation table, its schemas and help text are
 * `loyalty-sdk/operations`: a client never shows their prose, so this entry does not load it.
 *
 * @packageDocumentation
 * @module loyalty-sdk
 */

export type { GroupActionBudget } from './bulk/budget.js';
export type * from './bulk/checkpoint.js';
export type * from './bulk/types.js';
export { APIPromise, type ApiResponse } from './client/api-promise.js';
export { LoyaltyClient } from './client/client.js';
export {
  type ApiErrorInit,
  AuthenticationError,
  type BadRequestDetail,
  BadRequestError,
  type BusinessRuleDetail,
  ConflictError,
  InternalServerError,
  LoyaltyAbortError,
  LoyaltyApiError,
  LoyaltyBudgetError,
  LoyaltyConnectionError,
  LoyaltyError,
  LoyaltyResponseTooLargeError,
  LoyaltyTimeoutError,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  RouteNotFoundError,
  UnprocessableEntityError,
} from './client/errors.js';
export type { Logger, LogLevel } from './client/logger.js';
export type { ClientOptions, ReadRequestOptions, RequestOptions } from './client/options.js';
export type {
  ClientesNivelResource,
  ClientesNotificacionesResource,
  ClientesPuntosResource,
  ClientesResource,
  ConfiguracionNivelesResource,
  ConfiguracionResource,
  GruposEtiquetasResource,
  GruposNombreResource,
  GruposPuntosResource,
  GruposResource,
  OpenapiResource,
  PromocionesCuponesResource,
  PromocionesResource,
  ReportesCatalogoResource,
  ReportesResource,
  TareasResource,
} from './client/resources.js';
export { decideRetry, parseRetryAfter, type RetryDecision, type RetryPolicy } from './client/retry.js';
export type { FetchLike } from './client/transport.js';
export type { KeyLimiter, Limiter, LimitKind } from './limits/limiter.js';
export { createMemoryLimiter } from './limits/memory.js';
export type { LimiterPacing, LimiterRates, MemoryLimiterOptions } from './limits/options.js';
export { BUSINESS_RULE_CODES, type BusinessRuleCode, type EnvelopeMeta } from './operations/envelope.js';
export type { Scope } from './operations/scopes.js';
export type { OperationId } from './operations/table.js';
export type { ParameterLocation, RequestIssue } from './operations/validate.js';
export type * from './types.js';
export { SDK_VERSION } from './version.js';
