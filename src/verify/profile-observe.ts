import type { Run } from './run.js';
import type { Shape } from './shape.js';
import type { OperationId } from './types.js';

/** What a run saw that its profile is made from, besides its findings: shapes, never values. */
export interface Observations {
  /** The shape of `data` of each operation's successful read or dry run. */
  records: Map<OperationId, Shape>;
  /** The shape of `details` of refusals, by `<operationId> <status>`. */
  details: Map<string, Shape>;
  /** How many findings came from the service's document (they come first, before any probe). */
  documentFindings: number;
}

const byRun = new WeakMap<Run, Observations>();

export function observationsOf(run: Run): Observations {
  let observations = byRun.get(run);
  if (observations === undefined) {
    observations = { records: new Map(), details: new Map(), documentFindings: 0 };
    byRun.set(run, observations);
  }
  return observations;
}

export const detailsKey = (operationId: OperationId, status: number) => `${operationId} ${status}`;
