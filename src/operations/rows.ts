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

/**
 * The rows of the operation table, as the client needs them: what each of the 18 operations of
 * the spec is and what it takes, in the spec's order. table.ts adds what each answers.
 */
export const rows = [
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

export type Row = (typeof rows)[number];
/** The ids, as types.generated.ts lists them (zod-free); types.proof.ts proves them the table's. */
export type OperationId = keyof OperationData;
export type RowById<Id extends OperationId> = Extract<Row, { id: Id }>;

const byId = new Map<string, Row>(rows.map((row) => [row.id, row]));

/** The row of an operation, without what it answers: all a client needs to send a call. */
export function getRow<Id extends OperationId>(id: Id): RowById<Id>;
export function getRow(id: string): Row | undefined;
export function getRow(id: string): Row | undefined {
  return byId.get(id);
}

export const operationIds = /* @__PURE__ */ rows.map((row) => row.id) as OperationId[];
