import type { OperationById, OperationId } from '../../operations/table.js';

/** The operations that change something: every one whose method is not GET. */
type WriteId = { [Id in OperationId]: OperationById<Id> extends { method: 'GET' } ? never : Id }[OperationId];

interface Effect {
  /** It may overwrite or remove what was there (MCP `destructiveHint`); false: it only adds. */
  destructive: boolean;
  /** The same call again changes nothing more (MCP `idempotentHint`), with or without an Idempotency-Key. */
  idempotent: boolean;
}

/**
 * What each write does to the program, as an assistant's client should weigh it. Typed over the
 * table's writes, so a new write cannot go without its effect.
 */
const WRITE_EFFECTS: Readonly<Record<WriteId, Effect>> = {
  'tareas.setStatus': { destructive: true, idempotent: true },
  'clientes.create': { destructive: false, idempotent: false },
  'clientes.update': { destructive: true, idempotent: true },
  'clientes.puntos.add': { destructive: true, idempotent: false },
  'clientes.notificaciones.send': { destructive: false, idempotent: false },
  'clientes.nivel.recalculate': { destructive: false, idempotent: true },
  'grupos.puntos.add': { destructive: true, idempotent: false },
  'grupos.etiquetas.add': { destructive: false, idempotent: true },
  'grupos.nombre.set': { destructive: true, idempotent: true },
  'promociones.setStatus': { destructive: true, idempotent: true },
};

/** The effect of an operation, or undefined for a read. */
export function writeEffect(id: string): Effect | undefined {
  return (WRITE_EFFECTS as Partial<Record<string, Effect>>)[id];
}
