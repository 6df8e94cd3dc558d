import type { ProbeAnswer } from '../answer.js';
import type { Probe } from '../probe.js';
import type { Run } from '../run.js';
import type { CreatedRecord } from '../types.js';
import { dataOf } from './exchange.js';

const idOf = (value: unknown): string | number | undefined =>
  typeof value === 'string' || typeof value === 'number' ? value : undefined;

/** What an accepted write made, by its operation: a customer, a movement, a tag on a group. */
function madeBy(probe: Probe, answer: ProbeAnswer): CreatedRecord | undefined {
  const data = dataOf(answer);
  const operationId = probe.operation.id;
  switch (operationId) {
    case 'clientes.create': {
      const uid = idOf(data?.uid);
      return uid === undefined ? undefined : { kind: 'customer', id: uid, operationId };
    }
    case 'clientes.puntos.add': {
      const id = idOf(data?.movimientoId);
      const on = idOf(data?.uid);
      return id === undefined
        ? undefined
        : { kind: 'movement', id, operationId, ...(on === undefined ? {} : { on }) };
    }
    case 'grupos.etiquetas.add': {
      const body = probe.body as { dryRun?: boolean; etiqueta?: string };
      const on = idOf(probe.params.grupoId);
      return body.dryRun || body.etiqueta === undefined || on === undefined
        ? undefined
        : { kind: 'tag', id: body.etiqueta, operationId, on };
    }
    default:
      return undefined;
  }
}

/**
 * Lists what a write the service accepted made: every one, whether meant (the creation, the
 * points, the group action) or not (a replay or a conflict the service carried out).
 */
export function noteCreated(run: Run, probe: Probe, answer: ProbeAnswer): void {
  if (answer.status < 200 || answer.status >= 300 || probe.operation.method === 'GET') return;
  const made = madeBy(probe, answer);
  if (made === undefined) return;
  const listed = run.created.some(
    (other) => other.kind === made.kind && other.id === made.id && other.on === made.on,
  );
  if (!listed) run.created.push(made);
}
