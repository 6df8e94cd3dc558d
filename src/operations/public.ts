import type * as definitions from './define.js';
import type { AnswerEnvelope } from './envelope.js';
import * as envelopes from './envelope.js';
import * as fields from './fields.js';
import * as help from './help.js';
import type { Scope } from './scopes.js';
import type { OperationId } from './table.js';
import * as table from './table.js';
import type { OperationData } from './types.generated.js';
import * as validation from './validate.js';

/**
 * The operation table as the package's declarations show it: the same values, typed without
 * zod, so that an integrator installs no zod for types (the schemas are zod 4 schemas at run
 * time, bundled; their types here are what the package promises of them).
 */

/** One problem a schema found: the zod issue code, where, and what. */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
}

export type SafeParseResult<Output> =
  | { success: true; data: Output; error?: undefined }
  | { success: false; data?: undefined; error: { issues: SchemaIssue[] } };

/** A schema of the table: `parse` throws on a value it refuses, `safeParse` says why. */
export interface Schema<Output = unknown> {
  parse(value: unknown): Output;
  safeParse(value: unknown): SafeParseResult<Output>;
}

/** One row of the operation table. */
export interface Operation<Id extends OperationId = OperationId> {
  /** The row number of the spec's endpoint table. */
  readonly number: number;
  /** The SDK method path without `client.`, e.g. `clientes.puntos.add`. */
  readonly id: Id;
  readonly method: definitions.HttpMethod;
  /** Path below `/ext/v3`, with `{name}` placeholders in the order the SDK method takes them. */
  readonly path: string;
  /** The scope the key must hold; `null` when the operation requires none. */
  readonly scope: Scope | null;
  readonly idempotency: definitions.IdempotencyRule;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Group actions: the body's `dryRun` and the per-key group action limit apply. */
  readonly groupAction?: boolean;
  /** Schema of `data` in a successful answer. */
  readonly data: Schema<OperationData[Id]>;
  readonly summary: string;
  /** Prose for the help text. */
  readonly description: string;
}

export type OperationById<Id extends OperationId> = Operation<Id>;

/** The 18 operations of the spec, in its order. */
export const operations: readonly Operation[] = table.operations;
export const operationIds: readonly OperationId[] = table.operationIds;

/** The operation of an id; `undefined` for a string that names none. */
export function getOperation<Id extends OperationId>(id: Id): Operation<Id>;
export function getOperation(id: string): Operation | undefined;
export function getOperation(id: string): Operation | undefined {
  return table.findOperation(id);
}

export type { AnswerEnvelope } from './envelope.js';

/** A schema of the table as a `Schema`: built on its first use, like the table's own. */
function lazySchema<Output>(build: () => Schema<unknown>): Schema<Output> {
  return {
    parse: (value) => build().parse(value) as Output,
    safeParse: (value) => build().safeParse(value) as SafeParseResult<Output>,
  };
}

/** What the client requires of an answer to call it an envelope. */
export const envelopeSchema: Schema<AnswerEnvelope> = /* @__PURE__ */ lazySchema(envelopes.envelopeSchema);
/** The `Idempotency-Key` rule: 8 to 128 printable ASCII characters. */
export const idempotencyKey: Schema<string> = /* @__PURE__ */ lazySchema(fields.idempotencyKey);
/** A header value that cannot split or smuggle headers. */
export const headerValue: Schema<string> = /* @__PURE__ */ lazySchema(fields.headerValue);

// The two below take the table's operation of the caller's id: the same object, typed with the
// zod schemas this file's types leave out.

/**
 * Checks a request against an operation of the table (path, query and body, and the
 * Idempotency-Key rule), as the client does before sending and the reference server on arrival.
 */
export function validateRequest(
  operation: Operation,
  parts: validation.RequestParts,
): validation.ValidationResult {
  return validation.validateRequest(table.tableOperation(operation.id), parts);
}

/** The plain-text help of an operation, as the API answers `?help=true`. */
export function renderHelp(operation: Operation): string {
  return help.renderHelp(table.tableOperation(operation.id));
}
