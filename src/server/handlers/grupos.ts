import type { Cliente } from '../../types.js';
import { businessRule } from '../answers/failures.js';
import { isoInstant } from '../state/instant.js';
import { admitMovements, auditMovement, recordMovement } from '../state/ledger.js';
import type { ServerLimits } from '../state/limits.js';
import { checkRecordSize } from '../state/record-limits.js';
import type { GrupoConMiembros } from '../state/records.js';
import type { Store } from '../state/store.js';
import type { Handlers } from './context.js';

/** Group ids come from another operation, so an unknown one is a business rule (docs/decisions.md), not a 404. */
function groupOr422(store: Store, grupoId: number): GrupoConMiembros {
  const group = store.groups.get(grupoId);
  if (!group) throw businessRule('GRUPO_INEXISTENTE', 'El grupo no existe', { grupoId });
  return group;
}

/** The members an action reaches, after checking the group is not larger than one action may reach. */
function membersOf(store: Store, group: GrupoConMiembros, limits: ServerLimits): Cliente[] {
  if (group.uids.length > limits.maxGroupSize) {
    throw businessRule('GRUPO_DEMASIADO_GRANDE', 'El grupo supera el máximo de clientes por acción', {
      grupoId: group.grupoId,
      miembros: group.uids.length,
      maximo: limits.maxGroupSize,
    });
  }
  const members: Cliente[] = [];
  for (const uid of group.uids) {
    const customer = store.customers.get(uid);
    if (customer) members.push(customer);
  }
  return members;
}

/** How many uids to name in a refusal; the count says the rest. */
const EXAMPLES_SHOWN = 10;

export const gruposHandlers: Pick<
  Handlers,
  'grupos.puntos.add' | 'grupos.etiquetas.add' | 'grupos.nombre.set'
> = {
  'grupos.puntos.add': ({ store, params, body, limits, caller, operation, now }) => {
    const group = groupOr422(store, params.grupoId);
    const members = membersOf(store, group, limits);
    const short = body.puntos < 0 ? members.filter((customer) => customer.puntos + body.puntos < 0) : [];
    const result = {
      grupoId: group.grupoId,
      dryRun: body.dryRun === true,
      afectados: members.length,
      costoEstimado: body.puntos * members.length,
    };
    if (body.dryRun) return body.puntos < 0 ? { ...result, saldoInsuficiente: short.length } : result;
    // All or none: every balance is checked before any is touched.
    if (short.length > 0) {
      throw businessRule(
        'SALDO_INSUFICIENTE',
        'Saldo insuficiente en clientes del grupo; no se aplicó ningún movimiento',
        {
          grupoId: group.grupoId,
          puntos: body.puntos,
          insuficientes: short.length,
          uids: short.slice(0, EXAMPLES_SHOWN).map((customer) => customer.uid),
        },
      );
    }
    const movement = {
      puntos: body.puntos,
      motivo: body.motivo ?? null,
      grupoId: group.grupoId,
      fecha: isoInstant(now),
    };
    admitMovements(store, members, movement, limits);
    for (const customer of members) {
      auditMovement(store, recordMovement(store, customer, movement), caller, operation.id);
    }
    return result;
  },

  'grupos.etiquetas.add': ({ store, params, body, limits }) => {
    const group = groupOr422(store, params.grupoId);
    const members = membersOf(store, group, limits);
    if (!body.dryRun) {
      const untagged = members.filter((customer) => !customer.etiquetas.includes(body.etiqueta));
      // All or none: every record is checked before any is touched.
      if (limits.maxRecordBytes !== Number.POSITIVE_INFINITY) {
        for (const customer of untagged) {
          checkRecordSize(
            'cliente',
            { ...customer, etiquetas: [...customer.etiquetas, body.etiqueta] },
            limits,
          );
        }
      }
      for (const customer of untagged) customer.etiquetas.push(body.etiqueta);
    }
    return {
      grupoId: group.grupoId,
      dryRun: body.dryRun === true,
      afectados: members.length,
      costoEstimado: 0,
    };
  },

  'grupos.nombre.set': ({ store, params, body }) => {
    const group = groupOr422(store, params.grupoId);
    group.nombre = body.nombre;
    return { grupoId: group.grupoId, nombre: group.nombre };
  },
};
