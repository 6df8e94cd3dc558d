import {
  AUTHENTICATION_HINT,
  AuthenticationError,
  ConflictError,
  conflictHint,
  LoyaltyConnectionError,
  sameKeyHint,
} from '../../client/errors.js';
import { shellQuote } from '../../core/index.js';
import { KEY_SOURCES } from './api-key.js';

const CLI_KEY_HINT = `. Check the API key (${KEY_SOURCES}).`;

/** `message` with the SDK's `hint` (its end, or within it) said instead as `instead`. */
function reworded(message: string, hint: string, instead: string): string {
  return message.includes(hint) ? message.replace(hint, instead) : message;
}

/** What ran out of stack: a value nested too deep, the only unbounded recursion a command meets. */
const STACK_OVERFLOW =
  'a value nests too deep to be handled (deeper than the stack allows); nothing more could be done with it';

/**
 * An error's message as the command prints it: a 401 names the command line's ways to give the
 * key; a stack overflow says what caused it rather than "Maximum call stack size exceeded".
 */
export function messageOf(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return STACK_OVERFLOW;
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof AuthenticationError)) return message;
  const hinted = message.endsWith(AUTHENTICATION_HINT);
  return `${hinted ? message.slice(0, -AUTHENTICATION_HINT.length) : message}${CLI_KEY_HINT}`;
}

/**
 * The message of an operation command's error: what to do next said with the command's own
 * flag (`--idempotency-key`) where the SDK names its option.
 */
export function commandMessageOf(error: unknown): string {
  const message = messageOf(error);
  if (error instanceof ConflictError && error.idempotencyKey !== undefined) {
    const key = shellQuote(error.idempotencyKey);
    return reworded(
      message,
      conflictHint(error.idempotencyKey),
      `. The --idempotency-key ${key} was already used with another request, or that request is still in flight. ` +
        'To apply this command, run it with another --idempotency-key (or with none: a new key is made); ' +
        `to get the first answer, run the original command (the same values) with --idempotency-key ${key}, once it has ended.`,
    );
  }
  if (error instanceof LoyaltyConnectionError && error.idempotencyKey !== undefined) {
    const key = shellQuote(error.idempotencyKey);
    return reworded(
      message,
      sameKeyHint(error.idempotencyKey),
      `It is safe to run the same command again with --idempotency-key ${key}: the service applies a key at most once.`,
    );
  }
  return message;
}
