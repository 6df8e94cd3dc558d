import type { OperationId } from '../../src/index.js';

// Types only: the runtime matrix bundles this file beside the packed package, not the sources.
/** Arguments of each SDK method that succeed against the demo seed with a key holding the scope. */
export const VALID_ARGS: Record<OperationId, unknown[]> = {
  'tareas.list': [],
  'tareas.setStatus': [1, { status: 1 }],
  'clientes.create': [{ usuarioData: { nombre: 'Ana', email: 'ana@example.com' } }],
  'clientes.retrieve': ['cli_0001'],
  'clientes.update': ['cli_0001', { ciudad: 'Quito' }],
  'clientes.puntos.add': ['cli_0001', { puntos: 1, motivo: 'matriz' }],
  'clientes.puntos.list': ['cli_0001'],
  'clientes.notificaciones.send': ['cli_0001', { titulo: 'Hola', mensaje: 'Mensaje' }],
  'clientes.nivel.recalculate': ['cli_0001'],
  'configuracion.niveles.list': [],
  'grupos.puntos.add': [1, { puntos: 1, dryRun: true }],
  'grupos.etiquetas.add': [1, { etiqueta: 'matriz', dryRun: true }],
  'grupos.nombre.set': [1, { nombre: 'Todos' }],
  'promociones.list': [],
  'promociones.setStatus': [1, { comando: 'activar' }],
  'promociones.cupones.list': [5, { inicio: '2025-01-01', fin: '2025-01-07' }],
  'reportes.catalogo.retrieve': [],
  'openapi.retrieve': [],
};
