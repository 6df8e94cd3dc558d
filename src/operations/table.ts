import type * as z from 'zod/mini';
import { answers } from './answers.js';
import type { OperationRow } from './define.js';
import { describeFields, describeSharedFields } from './field-prose.js';
import { idempotencyKey } from './fields.js';
import { once } from './once.js';
import { prose } from './prose.js';
import { type OperationId, type Row, type RowById, rows } from './rows.js';

type AnswerSchemas = { [Id in OperationId]: ReturnType<(typeof answers)[Id]> };

type WholeRows = {
  [Id in OperationId]: RowById<Id> &
    (typeof prose)[Id] & {
      /** Schema of `data` in a successful answer, built on first read. */
      readonly data: AnswerSchemas[Id];
    };
};

/** A whole row of the operation table: what the operation takes, how it is described, and the schema of what it answers. */
export type OperationById<Id extends OperationId> = WholeRows[Id];
export type Operation = WholeRows[OperationId];
export type { OperationId };

const SCHEMA_FIELDS = ['params', 'query', 'body'] as const;

/**
 * The row with its prose and its answer's schema beside the others, each schema built on first
 * read and, before it is handed out, its fields described (field-prose.ts).
 */
function withAnswer(row: Row): Operation {
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
    if (field in row) descriptors[field] = described(() => (row as OperationRow)[field]);
  }
  descriptors.data = described(once(answers[row.id] as () => z.ZodMiniType));
  return Object.freeze(Object.defineProperties({ ...prose[row.id] }, descriptors)) as Operation;
}

/** The operation table: the 18 operations of the spec, in its order. Everything else derives from it. */
export const operations: readonly Operation[] = /* @__PURE__ */ rows.map(withAnswer);

const byId = /* @__PURE__ */ new Map<string, Operation>(
  /* @__PURE__ */ operations.map((operation) => [operation.id, operation]),
);

export function getOperation<Id extends OperationId>(id: Id): OperationById<Id>;
export function getOperation(id: string): Operation | undefined;
export function getOperation(id: string): Operation | undefined {
  return byId.get(id);
}

export { operationIds } from './rows.js';

/** The schema of the `Idempotency-Key` header, described, as the OpenAPI document shows it. */
export function describedIdempotencyKey(): z.ZodMiniType {
  describeSharedFields();
  return idempotencyKey();
}
