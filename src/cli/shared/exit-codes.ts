import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  LoyaltyBudgetError,
  LoyaltyConnectionError,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../client/errors.js';
import { UnreachableError } from './unreachable-error.js';
import { UsageError } from './usage-error.js';

/** The exit statuses of `loyalty` (docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** A bulk job with failures, or an unexpected error (a 5xx too). */
  failure: 1,
  /** Invalid input: nothing was applied. */
  usage: 2,
  /** 401, 403. */
  auth: 3,
  notFound: 4,
  /** 409, 422. */
  refused: 5,
  /** 429 after the retries. */
  rateLimited: 6,
  /** No answer: connection refused or lost, timeout (of the service, or of Redis with --redis). */
  noAnswer: 7,
  /** `loyalty verify`: too little could run to judge the service (`unverified`). */
  unverified: 8,
  /** `loyalty verify` itself failed: a bug in loyalty-sdk, whatever the service answered. */
  internal: 70,
} as const;

const BY_CLASS: ReadonlyArray<readonly [abstract new (...args: never[]) => Error, number]> = [
  [UsageError, EXIT.usage],
  [LoyaltyValidationError, EXIT.usage],
  [BadRequestError, EXIT.usage],
  [LoyaltyBudgetError, EXIT.usage],
  [AuthenticationError, EXIT.auth],
  [PermissionDeniedError, EXIT.auth],
  [NotFoundError, EXIT.notFound],
  [ConflictError, EXIT.refused],
  [UnprocessableEntityError, EXIT.refused],
  [RateLimitError, EXIT.rateLimited],
  [LoyaltyConnectionError, EXIT.noAnswer],
  [UnreachableError, EXIT.noAnswer],
];

/** The exit status an error ends the command with. */
export function exitCodeOf(error: unknown): number {
  for (const [type, code] of BY_CLASS) if (error instanceof type) return code;
  return EXIT.failure;
}
