import type * as z from 'zod/mini';
import type { Operation, OperationById, OperationId } from '../../operations/table.js';
import type { Caller } from '../state/caller.js';
import type { ServerLimits } from '../state/limits.js';
import type { Store } from '../state/store.js';

type Validated<Schema> = Schema extends z.core.$ZodType ? z.output<Schema> : Record<string, never>;

/** What a handler gets: the validated input of its operation, who calls, and the state. */
export interface HandlerContext<Op extends Operation = Operation> {
  params: Validated<Op extends { params: infer Schema } ? Schema : undefined>;
  query: Validated<Op extends { query: infer Schema } ? Schema : undefined>;
  body: Validated<Op extends { body: infer Schema } ? Schema : undefined>;
  operation: Op;
  caller: Caller;
  store: Store;
  limits: ServerLimits;
  /** The request's instant, in milliseconds since the epoch. */
  now: number;
  /** The spec's {base_url} as the request reached the server, when its adapter knows it. */
  baseUrl: string | undefined;
  /** The Host header; over node:http the only name the server is known by. */
  host: string | undefined;
}

/**
 * A handler returns the `data` of a successful answer, or throws an ApiFailureError; at once, as the
 * state is in memory (the engine runs it and answers in the same turn).
 */
export type Handler<Op extends Operation> = (context: HandlerContext<Op>) => z.input<Op['data']>;

/** One handler per operation id; the compiler checks that none is missing. */
export type Handlers = { [Id in OperationId]: Handler<OperationById<Id>> };
