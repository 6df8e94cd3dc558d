import * as z from 'zod/mini';
import * as records from './records.js';
import type { OperationId } from './rows.js';

/**
 * What each operation answers: the schema of `data` in its success envelope, built on first use.
 * Apart from the rows because only the server, the OpenAPI document, the help and the tests read
 * it: a client, which never parses `data` with these, carries none of them.
 */
export const answers = {
  'tareas.list': () => z.array(records.tarea()),
  'tareas.setStatus': records.tarea,
  'clientes.create': records.cliente,
  'clientes.retrieve': records.cliente,
  'clientes.update': records.cliente,
  'clientes.puntos.add': records.puntosResultado,
  'clientes.puntos.list': () => z.array(records.movimiento()),
  'clientes.notificaciones.send': records.notificacion,
  'clientes.nivel.recalculate': records.nivelResultado,
  'configuracion.niveles.list': () => z.array(records.nivel()),
  'grupos.puntos.add': records.grupoAccion,
  'grupos.etiquetas.add': records.grupoAccion,
  'grupos.nombre.set': records.grupo,
  'promociones.list': () => z.array(records.promocion()),
  'promociones.setStatus': records.promocion,
  'promociones.cupones.list': records.cuponesUso,
  'reportes.catalogo.retrieve': records.reportCatalog,
  'openapi.retrieve': records.openApiDocument,
} as const satisfies Record<OperationId, () => z.ZodMiniType>;
