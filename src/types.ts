import type * as z from 'zod';
import type * as records from './operations/records.js';
import type { OperationById, OperationId } from './operations/table.js';

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

// The argument objects of the methods: interfaces whose fields carry their rules as JSDoc,
// generated from the table (npm run docs:params) and proven equal to the schemas' z.input there.
export type {
  ClienteCreateParams,
  ClienteRetrieveParams,
  ClienteUpdateParams,
  CuponesListParams,
  GrupoEtiquetaAddParams,
  GrupoNombreSetParams,
  GrupoPuntosAddParams,
  NotificacionSendParams,
  PromocionesListParams,
  PromocionStatusParams,
  PuntosAddParams,
  TareaStatusParams,
} from './operations/params.generated.js';
