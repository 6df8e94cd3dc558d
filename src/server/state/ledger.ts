import type { Cliente, PuntosMovimiento } from '../../types.js';
import type { Caller } from './caller.js';
import type { Store } from './store.js';

export interface MovementInput {
  puntos: number;
  motivo: string | null;
  grupoId: number | null;
  fecha: string;
}

/** Appends a movement to the customer's history and moves the balance with it, so both always agree. */
export function recordMovement(store: Store, customer: Cliente, input: MovementInput): PuntosMovimiento {
  customer.puntos += input.puntos;
  const movement: PuntosMovimiento = {
    movimientoId: `mov_${store.next('movement')}`,
    uid: customer.uid,
    puntos: input.puntos,
    motivo: input.motivo,
    saldo: customer.puntos,
    fecha: input.fecha,
    grupoId: input.grupoId,
  };
  store.historyOf(customer.uid).push(movement);
  return movement;
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
