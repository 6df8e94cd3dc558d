import type * as z from 'zod';
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
export type ObjectSchema = z.ZodObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

export interface OperationDefinition {
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
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: ObjectSchema;
  /** Group actions: the body's `dryRun` and the per-key group action limit apply. */
  readonly groupAction?: boolean;
  /** Schema of `data` in a successful answer. Lenient: unknown fields are kept. */
  readonly data: z.ZodType;
  readonly summary: string;
  /** Prose for the help text; parameters, scope and idempotency are rendered from the schemas. */
  readonly description: string;
}

export function defineOperation<const Definition extends OperationDefinition>(
  definition: Definition,
): Definition {
  return Object.freeze(definition);
}

/** Names of the `{placeholders}` of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}
