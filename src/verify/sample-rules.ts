import { type OperationId, tableOperation } from '../operations/table.js';
import type { Samples } from './types.js';

/** Each sample's rule is the rule of the path parameter it fills, taken from the table. */
const SAMPLE_RULES: Record<keyof Samples, OperationId> = {
  uid: 'clientes.retrieve',
  grupoId: 'grupos.puntos.add',
  regaloId: 'promociones.cupones.list',
  tareaId: 'tareas.setStatus',
};

/** The names of the samples, in the order a run looks for them. */
export const SAMPLE_NAMES = Object.keys(SAMPLE_RULES) as (keyof Samples)[];

/**
 * Why `value` cannot fill the path parameter `name` (the table's message: `must not be empty`),
 * or undefined when it can. An identifier, given or answered by the service, is used only then.
 */
export function idProblem(name: keyof Samples, value: unknown): string | undefined {
  const checked = tableOperation(SAMPLE_RULES[name]).params?.safeParse({ [name]: value });
  return checked?.success ? undefined : (checked?.error.issues[0]?.message ?? 'refused');
}
