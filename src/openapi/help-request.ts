import type { Json } from '../core/index.js';
import { HELP_ANSWERED_BEFORE, HELP_PARAMETER } from '../operations/help.js';
import type { Operation } from '../operations/table.js';

/** @inline */
/*
 * `?help=true` is answered before the scope, the parameters, the body and the Idempotency-Key are
 * read, so a help request of a write needs no body and no key. OpenAPI 3.0 cannot make a
 * requirement depend on a query parameter: the document keeps them required, as every other
 * request needs them (a document that called them optional would have generators and fuzzers send
 * writes without them), and says so in their descriptions and in `x-help-request`.
 */
const EXCEPT_HELP = `required except with ?${HELP_PARAMETER}=true, which is answered ${HELP_ANSWERED_BEFORE}`;

/** What the request body of an operation says of itself. */
export function requestBodyDescription(): string {
  return `The operation's input; ${EXCEPT_HELP}.`;
}

/** The Idempotency-Key's description, with the help exception where the key is required. */
export function idempotencyKeyDescription(operation: Operation, description: string | undefined): string {
  const base = description ?? 'Idempotency key';
  return operation.idempotency === 'required'
    ? `${base}. ${EXCEPT_HELP[0]?.toUpperCase()}${EXCEPT_HELP.slice(1)}.`
    : base;
}

/**
 * `x-help-request` on every operation, for tools that read extensions (a validating proxy told to
 * honour it, a test generator): the query that asks for the help, its answer, and what is not checked.
 */
export function helpRequestExtension(operation: Operation): Json {
  const notChecked = ['scope', 'parameters'];
  if (operation.body) notChecked.push('requestBody');
  if (operation.idempotency !== 'none') notChecked.push('Idempotency-Key');
  return {
    query: { [HELP_PARAMETER]: 'true' },
    answer: { status: 200, mediaType: 'text/plain' },
    notChecked,
  };
}
