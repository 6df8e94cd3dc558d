import type * as z from 'zod/mini';
import { answers } from './answers.js';
import type { Operation, OperationRow, Prose } from './define.js';
import { describeFields, describeSharedFields } from './field-prose.js';
import { idempotencyKey } from './fields.js';
import { once } from './once.js';
import { prose } from './prose.js';
import { type OperationId, type RowById, rows } from './rows.js';

export type { Operation, OperationId };

type Operations = {
  [Id in OperationId]: RowById<Id> &
    Prose & {
      /** Schema of `data` in a successful answer, built on first read. */
      readonly data: ReturnType<(typeof answers)[Id]>;
    };
};

/**
 * The operation of an id with its own schemas' types, where a caller needs them: the typed
 * client's inputs and answers, the reference server's handlers, the generated types' proof.
 * Of an id not known until run time (any `OperationId`), the `Operation`.
 */
export type OperationById<Id extends OperationId> = OperationId extends Id ? Operation : Operations[Id];

const SCHEMA_FIELDS = ['params', 'query', 'body'] as const;

/**
 * The row with its prose and its answer's schema beside the others, each schema built on first
 * read and, before it is handed out, its fields described (field-prose.ts).
 */
function withAnswer(row: OperationRow): object {
  const describe = once(() => describeFields(row));
  const described = (build: () => unknown): PropertyDescriptor => ({
    get: () => {
      describe();
      return build();
    },
    enumerable: true,
  });
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(row);
  for (const field of SCHEMA_FIELDS) {
    if (field in row) descriptors[field] = described(() => row[field]);
  }
  descriptors.data = described(once(answers[row.id] as () => z.ZodMiniType));
  return Object.freeze(Object.defineProperties({ ...prose[row.id] }, descriptors));
}

/** The table by id: a known id's operation typed as its own, any other string's `undefined`. */
type ById = { get<Id extends OperationId>(id: Id): OperationById<Id> } & ReadonlyMap<string, Operation>;

// The table's one cast: an operation is its row's property descriptors joined to its prose and
// answer (withAnswer), which the compiler does not follow; each key is its row's id (rows.ts).
const byId = /* @__PURE__ */ new Map(/* @__PURE__ */ rows.map((row) => [row.id, withAnswer(row)])) as ById;

/** The operation table: the 18 operations of the spec, in its order. Everything else derives from it. */
export const operations: readonly Operation[] = /* @__PURE__ */ Array.from(/* @__PURE__ */ byId.values());

/**
 * The operation of an id of the table, typed with its own schemas (`OperationById`). Not the public
 * `getOperation` (public.ts), which also takes any string and may answer `undefined`.
 */
export function tableOperation<Id extends OperationId>(id: Id): OperationById<Id> {
  return byId.get(id);
}

/** The operation a caller named (a command line, a file), if the table has one. */
export function findOperation(name: string): Operation | undefined {
  return byId.get(name);
}

export { operationIds } from './rows.js';

/** The schema of the `Idempotency-Key` header, described, as the OpenAPI document shows it. */
export function describedIdempotencyKey(): z.ZodMiniType {
  describeSharedFields();
  return idempotencyKey();
}
