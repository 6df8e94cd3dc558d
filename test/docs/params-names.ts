import type { OperationId } from '../../src/operations/table.js';

/**
 * The public name of the object argument (body or query) of each method that takes one: the
 * names src/types.ts exports, kept as they were when they were `z.input` aliases.
 */
export const PARAMS_NAMES: Partial<Record<OperationId, string>> & Record<string, string | undefined> = {
  'tareas.setStatus': 'TareaStatusParams',
  'clientes.create': 'ClienteCreateParams',
  'clientes.retrieve': 'ClienteRetrieveParams',
  'clientes.update': 'ClienteUpdateParams',
  'clientes.puntos.add': 'PuntosAddParams',
  'clientes.notificaciones.send': 'NotificacionSendParams',
  'grupos.puntos.add': 'GrupoPuntosAddParams',
  'grupos.etiquetas.add': 'GrupoEtiquetaAddParams',
  'grupos.nombre.set': 'GrupoNombreSetParams',
  'promociones.list': 'PromocionesListParams',
  'promociones.setStatus': 'PromocionStatusParams',
  'promociones.cupones.list': 'CuponesListParams',
};
