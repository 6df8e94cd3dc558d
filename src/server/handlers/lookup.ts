import type { Cliente, Promocion, Tarea } from '../../types.js';
import { notFound } from '../answers/failures.js';
import type { Store } from '../state/store.js';

export function customerOr404(store: Store, uid: string): Cliente {
  const customer = store.customers.get(uid);
  if (!customer) throw notFound('Cliente no encontrado');
  return customer;
}

export function taskOr404(store: Store, tareaId: number): Tarea {
  const task = store.tasks.get(tareaId);
  if (!task) throw notFound('Tarea no encontrada');
  return task;
}

export function promotionOr404(store: Store, regaloId: number): Promocion {
  const promotion = store.promotions.get(regaloId);
  if (!promotion) throw notFound('Promoción no encontrada');
  return promotion;
}
