import type { ProfileHeaderType } from '../server/internal.js';
import type { ProbeAnswer } from './answer.js';
import type { Probe } from './probe.js';
import type { Run } from './run.js';
import { inferShape, type Shape } from './shape.js';
import type { OperationId } from './types.js';

/** What a run saw that its profile is made from, besides its findings: shapes, never values. */
export interface Observations {
  /** The shape of `data` of each operation's successful read or dry run. */
  records: Map<OperationId, Shape>;
  /** The shape of `details` of refusals, by `<operationId> <status>`. */
  details: Map<string, Shape>;
  /** The `codigoRespuesta` of refusals, by `<operationId> <status>`. */
  codes: Map<string, unknown>;
  /** How many findings came from the service's document (they come first, before any probe). */
  documentFindings: number;
  /** The JSON type of the values of a header the service sends and the reference does not, by `<operationId> <header>`. */
  headerTypes: Map<string, ProfileHeaderType>;
  /** Operations the service's document lists and the SDK lacks, by their finding's location. */
  extras: Map<string, ExtraOperation>;
  /** Refusals the service gave another status: the parameter the probe broke and the value it sent. */
  statuses: { operationId: OperationId; parameter: string; value: unknown; from: number; status: number }[];
}

/** An operation the SDK lacks, as the service's document declared it: names only. */
export interface ExtraOperation {
  method: string;
  path: string;
  name: string | null;
  scope: string | null;
}

const byRun = new WeakMap<Run, Observations>();

export function observationsOf(run: Run): Observations {
  let observations = byRun.get(run);
  if (observations === undefined) {
    observations = {
      records: new Map(),
      details: new Map(),
      codes: new Map(),
      headerTypes: new Map(),
      extras: new Map(),
      documentFindings: 0,
      statuses: [],
    };
    byRun.set(run, observations);
  }
  return observations;
}

export const detailsKey = (operationId: OperationId, status: number) => `${operationId} ${status}`;

/**
 * A refusal the service gave another status than the reference: which body field or query
 * parameter the probe broke, and the value it sent (made by verify to break one rule).
 */
export function noteStatus(run: Run, probe: Probe, from: number, status: number): void {
  const [, where, name = ''] = probe.target.split('.');
  if (status < 400 || (where !== 'body' && where !== 'query')) return;
  const holder: Record<string, unknown> | undefined =
    where === 'query' ? probe.query : (probe.body as Record<string, unknown> | undefined);
  if (holder === undefined || !(name in holder)) return;
  observationsOf(run).statuses.push({
    operationId: probe.operation.id,
    parameter: probe.target,
    value: holder[name],
    from,
    status,
  });
}

/** A refusal's `codigoRespuesta` and the shape of its `details`, by operation and status. */
export function noteRefusal(run: Run, probe: Probe, answer: ProbeAnswer): void {
  if (answer.envelope === undefined) return;
  const { details, codigoRespuesta } = answer.envelope as { details?: unknown; codigoRespuesta?: unknown };
  const key = detailsKey(probe.operation.id, answer.status);
  const observations = observationsOf(run);
  observations.codes.set(key, codigoRespuesta);
  if (details !== undefined) observations.details.set(key, inferShape(details));
}

export const headerKey = (operationId: OperationId | null, header: string) => `${operationId} ${header}`;

/** The JSON type of a header's value, never the value: whole numbers are `integer`, the rest `string`. */
export function noteHeaderType(
  run: Run,
  operationId: OperationId | null,
  header: string,
  value: string,
): void {
  observationsOf(run).headerTypes.set(
    headerKey(operationId, header),
    /^\d+$/.test(value) ? 'integer' : 'string',
  );
}
