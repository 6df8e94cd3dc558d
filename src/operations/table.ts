import {
  clientesCreate,
  clientesNivelRecalculate,
  clientesNotificacionesSend,
  clientesPuntosAdd,
  clientesPuntosList,
  clientesRetrieve,
  clientesUpdate,
} from './clientes.js';
import { configuracionNivelesList } from './configuracion.js';
import { gruposEtiquetasAdd, gruposNombreSet, gruposPuntosAdd } from './grupos.js';
import { openapiRetrieve } from './openapi.js';
import { promocionesCuponesList, promocionesList, promocionesSetStatus } from './promociones.js';
import { reportesCatalogoRetrieve } from './reportes.js';
import { tareasList, tareasSetStatus } from './tareas.js';
import type { OperationData } from './types.generated.js';

/** The operation table: the 18 operations of the spec, in its order. Everything else derives from it. */
export const operations = [
  tareasList,
  tareasSetStatus,
  clientesCreate,
  clientesRetrieve,
  clientesUpdate,
  clientesPuntosAdd,
  clientesPuntosList,
  clientesNotificacionesSend,
  clientesNivelRecalculate,
  configuracionNivelesList,
  gruposPuntosAdd,
  gruposEtiquetasAdd,
  gruposNombreSet,
  promocionesList,
  promocionesSetStatus,
  promocionesCuponesList,
  reportesCatalogoRetrieve,
  openapiRetrieve,
] as const;

export type Operation = (typeof operations)[number];
/** The ids, as types.generated.ts lists them (zod-free); types.proof.ts proves them the table's. */
export type OperationId = keyof OperationData;
export type OperationById<Id extends OperationId> = Extract<Operation, { id: Id }>;

const byId = new Map<string, Operation>(operations.map((operation) => [operation.id, operation]));

export function getOperation<Id extends OperationId>(id: Id): OperationById<Id>;
export function getOperation(id: string): Operation | undefined;
export function getOperation(id: string): Operation | undefined {
  return byId.get(id);
}

export const operationIds = operations.map((operation) => operation.id) as OperationId[];
