import { isoInstant } from '../state/instant.js';
import type { Handlers } from './context.js';
import { taskOr404 } from './lookup.js';

export const tareasHandlers: Pick<Handlers, 'tareas.list' | 'tareas.setStatus'> = {
  'tareas.list': ({ store }) => [...store.tasks.values()],

  'tareas.setStatus': ({ store, params, body, caller, now }) => {
    const task = taskOr404(store, params.tareaId);
    task.status = body.status;
    // The body's nombre is for the log, not a new name for the task (spec, States and transitions).
    task.ultimoCambio = {
      status: body.status,
      nombre: body.nombre ?? null,
      keyId: caller.keyId,
      fecha: isoInstant(now),
    };
    return task;
  },
};
