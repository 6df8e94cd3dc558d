import { notFound } from '../failures.js';
import type { Store } from '../store.js';
import type { Customer, Promotion, Task } from '../types.js';

export function customerOr404(store: Store, uid: string): Customer {
  const customer = store.customers.get(uid);
  if (!customer) throw notFound('Cliente no encontrado');
  return customer;
}

export function taskOr404(store: Store, tareaId: number): Task {
  const task = store.tasks.get(tareaId);
  if (!task) throw notFound('Tarea no encontrada');
  return task;
}

export function promotionOr404(store: Store, regaloId: number): Promotion {
  const promotion = store.promotions.get(regaloId);
  if (!promotion) throw notFound('Promoción no encontrada');
  return promotion;
}
