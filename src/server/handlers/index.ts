/**
 * One file per resource: the business rules of each operation, as functions of the validated input.
 * May use the state (store, ledger, levels), the answers (failures) and the table below it.
 */
import { catalogosHandlers } from './catalogos.js';
import { clientesHandlers } from './clientes.js';
import type { Handlers } from './context.js';
import { gruposHandlers } from './grupos.js';
import { promocionesHandlers } from './promociones.js';
import { tareasHandlers } from './tareas.js';

export const handlers: Handlers = {
  ...tareasHandlers,
  ...clientesHandlers,
  ...gruposHandlers,
  ...promocionesHandlers,
  ...catalogosHandlers,
};

export type { Handler, HandlerContext, Handlers } from './context.js';
