export { APIPromise, type ApiResponse } from './client/api-promise.js';
export { LoyaltyClient } from './client/client.js';
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  LoyaltyAbortError,
  LoyaltyApiError,
  LoyaltyConnectionError,
  LoyaltyError,
  LoyaltyTimeoutError,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './client/errors.js';
export type { Logger, LogLevel } from './client/logger.js';
export type { ClientOptions, RequestOptions } from './client/options.js';
export { decideRetry, parseRetryAfter, type RetryDecision, type RetryPolicy } from './client/retry.js';
export type { FetchLike } from './client/transport.js';
export { buildOpenApiDocument } from './openapi/document.js';
export * from './operations/index.js';
export type * from './types.js';
export { SDK_VERSION } from './version.js';
