import type { OperationId } from './operations/table.js';
import type { OperationData } from './operations/types.generated.js';

/** The decoded `data` of an operation. */
export type DataOf<Id extends OperationId> = OperationData[Id];

// The records of `data` and the argument objects of the methods: plain types whose fields carry
// their descriptions and rules as JSDoc, generated from the table (npm run docs:types) and
// proven equal to the schemas' z.output and z.input in src/operations/types.proof.ts.
export type {
  Cliente,
  ClienteCreateParams,
  ClienteRetrieveParams,
  ClienteUpdateParams,
  CuponesListParams,
  CuponesUso,
  Grupo,
  GrupoAccionResultado,
  GrupoEtiquetaAddParams,
  GrupoNombreSetParams,
  GrupoPuntosAddParams,
  JsonValue,
  Nivel,
  NivelResultado,
  Notificacion,
  NotificacionSendParams,
  OpenApiDocument,
  OperationData,
  Perfil,
  Promocion,
  PromocionesListParams,
  PromocionStatusParams,
  PuntosAddParams,
  PuntosMovimiento,
  PuntosResultado,
  ReportCatalog,
  ReportDataset,
  Tarea,
  TareaStatusParams,
} from './operations/types.generated.js';
