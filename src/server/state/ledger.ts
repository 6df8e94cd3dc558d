import type { Cliente, PuntosMovimiento } from '../../types.js';
import type { Caller } from './caller.js';
import type { ServerLimits } from './limits.js';
import { checkRecordSize, takeRecords } from './record-limits.js';
import type { Store } from './store.js';

export interface MovementInput {
  puntos: number;
  motivo: string | null;
  grupoId: number | null;
  fecha: string;
}

/** The movement `input` makes on the customer's balance, numbered `number`. */
function movementOf(customer: Cliente, input: MovementInput, number: number): PuntosMovimiento {
  return {
    movimientoId: `mov_${number}`,
    uid: customer.uid,
    puntos: input.puntos,
    motivo: input.motivo,
    saldo: customer.puntos + input.puntos,
    fecha: input.fecha,
    grupoId: input.grupoId,
  };
}

/** Appends a movement to the customer's history and moves the balance with it, so both always agree. */
export function recordMovement(store: Store, customer: Cliente, input: MovementInput): PuntosMovimiento {
  const movement = movementOf(customer, input, store.next('movement'));
  customer.puntos = movement.saldo;
  store.historyOf(customer.uid).push(movement);
  return movement;
}

/**
 * Before a request records `input` on each of `customers` (one, or a group's members): every
 * movement within `maxRecordBytes`, and all of them within `maxRecords`. All or none: nothing is
 * recorded yet, and a refusal takes no number.
 */
export function admitMovements(
  store: Store,
  customers: readonly Cliente[],
  input: MovementInput,
  limits: ServerLimits,
): void {
  if (limits.maxRecordBytes !== Number.POSITIVE_INFINITY) {
    let number = store.peek('movement');
    for (const customer of customers) {
      checkRecordSize('movimiento', movementOf(customer, input, number++), limits);
    }
  }
  takeRecords(store, customers.length, limits);
}

/** Records who made a movement through the API: the key's id and application, never the key. */
export function auditMovement(
  store: Store,
  movement: PuntosMovimiento,
  caller: Caller,
  operationId: string,
): void {
  store.audit.push({
    movimientoId: movement.movimientoId,
    uid: movement.uid,
    puntos: movement.puntos,
    motivo: movement.motivo,
    saldo: movement.saldo,
    grupoId: movement.grupoId,
    operationId,
    keyId: caller.keyId,
    appId: caller.appId,
    fecha: movement.fecha,
  });
}
