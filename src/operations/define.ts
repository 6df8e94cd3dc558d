import type * as z from 'zod/mini';
import { once } from './once.js';
import type { Scope } from './scopes.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/**
 * How an operation treats `Idempotency-Key`:
 * - `required`: the spec marks it Yes; the SDK always sends one, the server refuses a request without it.
 * - `optional`: a write marked "not required"; sent and honoured only when the caller gives one.
 * - `none`: a read; reads are safe to repeat and take no key.
 */
export type IdempotencyRule = 'required' | 'optional' | 'none';

/** @inline */
export type ObjectSchema = z.ZodMiniObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/** What the help, the OpenAPI document and the command line say of an operation (prose.ts). */
export interface Prose {
  /** One line. */
  readonly summary: string;
  /** Prose for the help text; parameters, scope and idempotency are rendered from the schemas. */
  readonly description: string;
}

/** What every row of the table says, besides its schemas. */
interface OperationFacts {
  /** The row number of the spec's endpoint table. */
  readonly number: number;
  /** The SDK method path without `client.`, e.g. `clientes.puntos.add`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path below `/ext/v3`, with `{name}` placeholders in the order the SDK method takes them. */
  readonly path: string;
  /** The scope the key must hold; `null` when the operation requires none. */
  readonly scope: Scope | null;
  readonly idempotency: IdempotencyRule;
  /** Group actions: the body's `dryRun` and the per-key group action limit apply. */
  readonly groupAction?: boolean;
}

/** Whether calling the operation can change anything: every method but GET (the reads). */
export function isWrite(operation: Pick<OperationFacts, 'method'>): boolean {
  return operation.method !== 'GET';
}

/** A row as the table declares it: each schema as the function that builds it. */
export interface OperationDeclaration extends OperationFacts {
  readonly params?: () => ObjectSchema;
  readonly query?: () => ObjectSchema;
  readonly body?: () => ObjectSchema;
}

/**
 * A row as the client reads it: what the operation is and what it takes, the schemas built on
 * first read. What it answers (answers.ts) and how it and its fields are described (prose.ts,
 * field-prose.ts) the client never needs; table.ts joins them to the rows.
 */
export interface OperationRow extends OperationFacts {
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: ObjectSchema;
}

/** A whole row: what the operation takes, how it is described and what it answers (table.ts). */
export interface OperationDefinition extends OperationRow, Prose {
  /** Schema of `data` in a successful answer. */
  readonly data: z.ZodMiniType;
}

/** The row of a declaration: every schema-building function replaced by what it builds. */
export type Defined<Declaration> = {
  readonly [Key in keyof Declaration]: Declaration[Key] extends () => infer Built ? Built : Declaration[Key];
};

const SCHEMA_FIELDS = ['params', 'query', 'body'] as const;

/** A row of the table whose schemas are built on their first read and then kept. */
export function defineOperation<const Declaration extends OperationDeclaration>(
  declaration: Declaration,
): Defined<Declaration> {
  const row: Record<string, unknown> = { ...(declaration as OperationDeclaration) };
  for (const field of SCHEMA_FIELDS) {
    const build = declaration[field];
    if (build) Object.defineProperty(row, field, { get: once(build), enumerable: true });
  }
  return Object.freeze(row) as Defined<Declaration>;
}

/** Names of the `{placeholders}` of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}
