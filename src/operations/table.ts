import type * as z from 'zod/mini';
import { answers } from './answers.js';
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

/** The row with its prose and its answer's schema beside the others, each schema built on first read. */
function withAnswer(row: Row): Operation {
  const whole = Object.defineProperties({ ...prose[row.id] }, Object.getOwnPropertyDescriptors(row));
  Object.defineProperty(whole, 'data', {
    get: once(answers[row.id] as () => z.ZodMiniType),
    enumerable: true,
  });
  return Object.freeze(whole) as Operation;
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
