import type * as z from 'zod';
import type {
  clientesCreate,
  clientesNotificacionesSend,
  clientesPuntosAdd,
  clientesRetrieve,
  clientesUpdate,
} from './operations/clientes.js';
import type { gruposEtiquetasAdd, gruposNombreSet, gruposPuntosAdd } from './operations/grupos.js';
import type {
  promocionesCuponesList,
  promocionesList,
  promocionesSetStatus,
} from './operations/promociones.js';
import type * as records from './operations/records.js';
import type { OperationById, OperationId } from './operations/table.js';
import type { tareasSetStatus } from './operations/tareas.js';

/** The decoded `data` of an operation. */
export type DataOf<Id extends OperationId> = z.output<OperationById<Id>['data']>;

/** @interface */
export type Cliente = z.output<typeof records.cliente>;
/** @interface */
export type PuntosMovimiento = z.output<typeof records.movimiento>;
/** @interface */
export type PuntosResultado = z.output<typeof records.puntosResultado>;
/** @interface */
export type Notificacion = z.output<typeof records.notificacion>;
/** @interface */
export type NivelResultado = z.output<typeof records.nivelResultado>;
/** @interface */
export type Nivel = z.output<typeof records.nivel>;
/** @interface */
export type GrupoAccionResultado = z.output<typeof records.grupoAccion>;
/** @interface */
export type Grupo = z.output<typeof records.grupo>;
/** @interface */
export type Tarea = z.output<typeof records.tarea>;
/** @interface */
export type Promocion = z.output<typeof records.promocion>;
/** @interface */
export type CuponesUso = z.output<typeof records.cuponesUso>;
/** @interface */
export type ReportDataset = z.output<typeof records.reportDataset>;
/** @interface */
export type ReportCatalog = z.output<typeof records.reportCatalog>;
/** @interface */
export type OpenApiDocument = z.output<typeof records.openApiDocument>;

export type TareaStatusParams = z.input<typeof tareasSetStatus.body>;
export type ClienteCreateParams = z.input<typeof clientesCreate.body>;
export type ClienteRetrieveParams = z.input<typeof clientesRetrieve.query>;
export type ClienteUpdateParams = z.input<typeof clientesUpdate.body>;
export type PuntosAddParams = z.input<typeof clientesPuntosAdd.body>;
export type NotificacionSendParams = z.input<typeof clientesNotificacionesSend.body>;
export type GrupoPuntosAddParams = z.input<typeof gruposPuntosAdd.body>;
export type GrupoEtiquetaAddParams = z.input<typeof gruposEtiquetasAdd.body>;
export type GrupoNombreSetParams = z.input<typeof gruposNombreSet.body>;
export type PromocionesListParams = z.input<typeof promocionesList.query>;
export type PromocionStatusParams = z.input<typeof promocionesSetStatus.body>;
export type CuponesListParams = z.input<typeof promocionesCuponesList.query>;
