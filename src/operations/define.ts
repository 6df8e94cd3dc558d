import type * as z from 'zod/mini';
import { once } from './once.js';
import type { Scope } from './scopes.js';
import type { OperationData } from './types.generated.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/**
 * How an operation treats `Idempotency-Key`:
 * - `required`: the spec marks it Yes; the SDK always sends one, the server refuses a request without it.
 * - `optional`: a write marked "not required"; sent and honoured only when the caller gives one.
 * - `none`: a read; reads are safe to repeat and take no key.
 */
export type IdempotencyRule = 'required' | 'optional' | 'none';

/** The ids of the table's operations, as types.generated.ts lists them (types.proof.ts proves them the table's). */
export type OperationId = keyof OperationData;

/** @inline */
export type ObjectSchema = z.ZodMiniObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/** What the help, the OpenAPI document and the command line say of an operation (prose.ts). */
export interface Prose {
  /** One line. */
  readonly summary: string;
  /** Prose for the help text; parameters, scope and idempotency are rendered from the schemas. */
  readonly description: string;
}

/**
 * One operation of the table (table.ts): what it is and takes, how it is described, and the
 * schema of what it answers. Each schema is built on its first read.
 */
export interface Operation extends Prose {
  /** The row number of the spec's endpoint table. */
  readonly number: number;
  /** The SDK method path without `client.`, e.g. `clientes.puntos.add`. */
  readonly id: OperationId;
  readonly method: HttpMethod;
  /** Path below `/ext/v3`, with `{name}` placeholders in the order the SDK method takes them. */
  readonly path: string;
  /** The scope the key must hold; `null` when the operation requires none. */
  readonly scope: Scope | null;
  readonly idempotency: IdempotencyRule;
  /** Group actions: the body's `dryRun` and the per-key group action limit apply. */
  readonly groupAction?: boolean;
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: ObjectSchema;
  /** Schema of `data` in a successful answer. */
  readonly data: z.ZodMiniType<OperationData[OperationId]>;
}

/**
 * An operation without its prose and its answer's schema: all the client needs to send a call,
 * and all rows.ts bundles into it (table.ts joins the rest, which a Worker never loads).
 */
export type OperationRow = Omit<Operation, 'data' | keyof Prose>;

/** Whether calling the operation can change anything: every method but GET (the reads). */
export function isWrite(operation: Pick<Operation, 'method'>): boolean {
  return operation.method !== 'GET';
}

/** A row as a resource file declares it: each schema as the function that builds it. */
type Declaration = Omit<OperationRow, SchemaField> & { readonly [Field in SchemaField]?: () => ObjectSchema };

/** The row of a declaration: every schema-building function replaced by what it builds. */
type Defined<Declared> = {
  readonly [Key in keyof Declared]: Declared[Key] extends () => infer Built ? Built : Declared[Key];
};

const SCHEMA_FIELDS = ['params', 'query', 'body'] as const;
type SchemaField = (typeof SCHEMA_FIELDS)[number];

/** A row of the table whose schemas are built on their first read and then kept. */
export function defineOperation<const Declared extends Declaration>(
  declaration: Declared,
): Defined<Declared> {
  const row: Record<string, unknown> = { ...declaration };
  for (const field of SCHEMA_FIELDS) {
    const build = declaration[field];
    if (build) Object.defineProperty(row, field, { get: once(build), enumerable: true });
  }
  return Object.freeze(row) as Defined<Declared>;
}

/** Names of the `{placeholders}` of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}
