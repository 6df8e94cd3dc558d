import { clientesCreate } from '../../operations/clientes.js';
import type { Perfil } from '../../operations/types.generated.js';
import type { Cliente } from '../../types.js';
import { levelNameFor } from './levels.js';
import type { Store } from './store.js';

/** Keys of `usuarioData` whose customer record field has another name (the record uses the PATCH names). */
const RENAMED: Readonly<Record<string, string>> = {
  num_id: 'numId',
  tipo_id: 'tipoId',
  birthdate: 'birthday',
};

const KNOWN_USUARIO_DATA_KEYS = new Set(Object.keys(clientesCreate.body.shape.usuarioData.shape));

export interface NewCustomer {
  uid?: string;
  email?: string;
  /**
   * The updatable profile fields under their record names (`numId`, `birthday`, ...); every named
   * key of `usuarioData` but the email maps onto one.
   */
  profile?: Perfil;
  etiquetas?: string[];
  /** Stored level; by default the one the (zero) balance reaches. */
  nivel?: string;
  /** Keys of `usuarioData` the spec does not name, kept apart so they can never overwrite a record field. */
  datosAdicionales?: Record<string, unknown>;
}

/** Splits `usuarioData` into record profile fields and the keys the spec does not name. */
export function fromUsuarioData(usuarioData: Record<string, unknown>): NewCustomer {
  const profile: Record<string, unknown> = {};
  const extra: Record<string, unknown> = Object.create(null);
  let email: string | undefined;
  let hasExtra = false;
  for (const [key, value] of Object.entries(usuarioData)) {
    if (key === 'email') email = value as string;
    else if (KNOWN_USUARIO_DATA_KEYS.has(key)) profile[RENAMED[key] ?? key] = value;
    else {
      extra[key] = value;
      hasExtra = true;
    }
  }
  return {
    ...(email === undefined ? {} : { email }),
    profile: profile as Perfil,
    ...(hasExtra ? { datosAdicionales: extra } : {}),
  };
}

function nextFreeUid(store: Store): string {
  for (;;) {
    const uid = `cli_${String(store.next('customer')).padStart(4, '0')}`;
    if (!store.customers.has(uid)) return uid;
  }
}

/**
 * Adds a customer with a zero balance; points come only through movements, so history and balance
 * agree. `admit` sees the record before it is stored, and may refuse it by throwing.
 */
export function addCustomer(store: Store, input: NewCustomer, admit?: (customer: Cliente) => void): Cliente {
  const uid = input.uid ?? nextFreeUid(store);
  if (store.customers.has(uid)) throw new Error(`A customer with uid ${JSON.stringify(uid)} already exists`);
  const customer: Cliente = {
    uid,
    ...(input.email === undefined ? {} : { email: input.email }),
    ...input.profile,
    puntos: 0,
    nivel: input.nivel ?? levelNameFor(store.levels, 0),
    etiquetas: [...(input.etiquetas ?? [])],
    ...(input.datosAdicionales ? { datosAdicionales: input.datosAdicionales } : {}),
  };
  admit?.(customer);
  store.customers.set(uid, customer);
  store.movements.set(uid, []);
  return customer;
}
