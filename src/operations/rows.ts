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
import type { OperationId, OperationRow } from './define.js';
import { gruposEtiquetasAdd, gruposNombreSet, gruposPuntosAdd } from './grupos.js';
import { openapiRetrieve } from './openapi.js';
import { promocionesCuponesList, promocionesList, promocionesSetStatus } from './promociones.js';
import { reportesCatalogoRetrieve } from './reportes.js';
import { tareasList, tareasSetStatus } from './tareas.js';

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

export type { OperationId } from './define.js';

/** The row of each operation as declared, with its own schemas' types (table.ts types each operation by it). */
export type RowById<Id extends OperationId> = Extract<(typeof rows)[number], { id: Id }>;

const byId = new Map<string, OperationRow>(rows.map((row) => [row.id, row]));

/** The row of an operation, without what it answers: all a client needs to send a call. */
export function getRow(id: OperationId): OperationRow;
/** The row named by a string a caller gave, if the table has one. */
export function getRow(id: string): OperationRow | undefined;
export function getRow(id: string): OperationRow | undefined {
  return byId.get(id);
}

export const operationIds = /* @__PURE__ */ rows.map((row) => row.id);
