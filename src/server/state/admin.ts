import type { Cliente, Notificacion, Perfil } from '../../types.js';
import type { FaultReport } from '../faults/options.js';
import { addCustomer } from './customers.js';
import { isoInstant } from './instant.js';
import { recordMovement } from './ledger.js';
import { levelNameFor } from './levels.js';
import type { AuditEntry, GrupoConMiembros } from './records.js';
import type { ServerState } from './server-state.js';
import type { Store } from './store.js';

export interface AdminCustomerInput extends Perfil {
  /** Chosen uid; generated like `POST /clientes` does when omitted. */
  uid?: string;
  email?: string;
  /** Opening balance, recorded as one movement so the history still adds up to the balance. */
  puntos?: number;
  etiquetas?: string[];
}

/** Test and demo helpers that reach past the API (`server.admin`, docs/reference-server.md, "Admin"). */
export interface StateAdmin {
  /** Stands in for the segment evaluation that creates groups; every uid must be a known customer. */
  createGroup(input: { uids: readonly string[]; nombre?: string }): number;
  /** Stands in for task creation; a new task is inactive (0) unless `status` says otherwise. */
  createTask(input: { nombre: string; status?: 0 | 1 }): number;
  /** Adds a customer directly (for example with a chosen uid, or many at once); returns its uid. */
  createCustomer(input?: AdminCustomerInput): string;
  /** A copy of the customer record, or undefined. */
  customer(uid: string): Cliente | undefined;
  /** Points movements made through the API, oldest first. */
  audit(): AuditEntry[];
  /** Push notifications sent through the API, oldest first. */
  notifications(): Notificacion[];
  /** What fault injection did so far (requests seen, faults by kind); undefined when it is off. */
  faults(): FaultReport | undefined;
  /** Back to the seed: data, idempotency keys, limit counters and the fault schedule alike. */
  reset(): void;
}

export function unknownUids(store: Store, uids: readonly string[]): string[] {
  return uids.filter((uid) => !store.customers.has(uid));
}

/** What the admin helpers work on; every change they make goes through `data.change`. */
export interface AdminState {
  data: ServerState;
  now: () => number;
  faults: () => FaultReport | undefined;
  reset: () => void;
}

/**
 * Adds a group of known customers. `admit` sees the record before it is stored, and may refuse it
 * by throwing (`POST /__admin/grupos` counts it against the record limits; the helper does not).
 */
export function addGroup(
  store: Store,
  { uids, nombre }: { uids: readonly string[]; nombre?: string },
  admit?: (group: GrupoConMiembros) => void,
): number {
  const unknown = unknownUids(store, uids);
  if (unknown.length > 0)
    throw new Error(`createGroup: unknown customer uid(s): ${unknown.slice(0, 10).join(', ')}`);
  const grupoId = store.peek('group');
  const group = { grupoId, nombre: nombre ?? `Grupo ${grupoId}`, uids: [...new Set(uids)] };
  admit?.(group);
  store.groups.set(store.next('group'), group);
  return grupoId;
}

function createTask(store: Store, { nombre, status = 0 }: { nombre: string; status?: 0 | 1 }): number {
  const tareaId = store.next('task');
  store.tasks.set(tareaId, {
    tareaId,
    nombre,
    status,
    disparador: 'manual',
    condiciones: [],
    acciones: [],
    ultimoCambio: null,
  });
  return tareaId;
}

function createCustomer(store: Store, input: AdminCustomerInput, now: number): string {
  const { uid, email, puntos, etiquetas, ...profile } = input;
  if (puntos !== undefined && !(Number.isFinite(puntos) && puntos >= 0)) {
    throw new Error('createCustomer: puntos must be a finite number, at least 0');
  }
  const customer = addCustomer(store, { uid, email, profile, etiquetas });
  if (puntos) {
    recordMovement(store, customer, {
      puntos,
      motivo: 'Saldo inicial',
      grupoId: null,
      fecha: isoInstant(now),
    });
    customer.nivel = levelNameFor(store.levels, customer.puntos);
  }
  return customer.uid;
}

export function createAdmin({ data, now, faults, reset }: AdminState): StateAdmin {
  return {
    createGroup: (input) => data.change((store) => addGroup(store, input)),
    createTask: (input) => data.change((store) => createTask(store, input)),
    createCustomer: (input = {}) => data.change((store) => createCustomer(store, input, now())),
    customer(uid) {
      const customer = data.store.customers.get(uid);
      return customer ? structuredClone(customer) : undefined;
    },
    audit: () => data.store.audit.map((entry) => ({ ...entry })),
    notifications: () => data.store.notifications.map((notification) => ({ ...notification })),
    faults,
    reset,
  };
}
