import type { Operation } from '../operations/table.js';
import type { Samples } from './types.js';

/** The sample names and the list reads whose items carry them (ids found by earlier reads). */
export const FOUND_BY: Partial<Record<keyof Samples, Operation['id']>> = {
  regaloId: 'promociones.list',
  tareaId: 'tareas.list',
};
