import type { APIPromise, LoyaltyClient, OperationId, RequestOptions } from '../../src/index.js';
import { pathParamNames } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/table.js';
import { tableOperation } from '../../src/operations/table.js';
import { methodOf } from './method-of.js';

export { methodOf };

/**
 * One valid call of each operation of the table, and what it must put on the wire. The tests
 * iterate `operations` and look their case up here; the record type makes a missing case a
 * compile error, and a test checks there is no extra one.
 */
export interface OperationCase {
  /** Path parameters, by name; the SDK method takes them first, in the path's order. */
  params: Record<string, unknown>;
  /** The query or body object the method takes after its path parameters, if any. */
  input?: Record<string, unknown>;
  /** The request target expected on the wire. */
  url: string;
  /** The JSON body expected on the wire; undefined when there is none. */
  body?: unknown;
}

export const CASES: Record<OperationId, OperationCase> = {
  'tareas.list': { params: {}, url: '/ext/v3/tareas' },
  'tareas.setStatus': {
    params: { tareaId: 12 },
    input: { status: 0, nombre: 'Bienvenida' },
    url: '/ext/v3/tareas/12/status',
    body: { status: 0, nombre: 'Bienvenida' },
  },
  'clientes.create': {
    params: {},
    input: { usuarioData: { nombre: 'Ana', email: 'ana@example.com', extra: 'kept' }, usuarioPassword: 'pw' },
    url: '/ext/v3/clientes',
    body: { usuarioData: { nombre: 'Ana', email: 'ana@example.com', extra: 'kept' }, usuarioPassword: 'pw' },
  },
  'clientes.retrieve': {
    params: { uid: 'a/b' },
    input: { completo: false },
    url: '/ext/v3/clientes/a%2Fb?completo=false',
  },
  'clientes.update': {
    params: { uid: 'ñ ?#' },
    input: { nombre: 'Ana', tipoContribuyente: 6, birthday: '2000-02-29' },
    url: '/ext/v3/clientes/%C3%B1%20%3F%23',
    body: { nombre: 'Ana', tipoContribuyente: 6, birthday: '2000-02-29' },
  },
  'clientes.puntos.add': {
    params: { uid: 'u-1' },
    input: { puntos: 150, motivo: 'bono' },
    url: '/ext/v3/clientes/u-1/puntos',
    body: { puntos: 150, motivo: 'bono' },
  },
  'clientes.puntos.list': { params: { uid: 'a/b' }, url: '/ext/v3/clientes/a%2Fb/puntos' },
  'clientes.notificaciones.send': {
    params: { uid: 'ñ ?#' },
    input: { titulo: 'Hola', mensaje: 'Tienes puntos' },
    url: '/ext/v3/clientes/%C3%B1%20%3F%23/notificaciones',
    body: { titulo: 'Hola', mensaje: 'Tienes puntos' },
  },
  'clientes.nivel.recalculate': { params: { uid: 'a/b' }, url: '/ext/v3/clientes/a%2Fb/nivel/recalcular' },
  'configuracion.niveles.list': { params: {}, url: '/ext/v3/configuracion/niveles' },
  'grupos.puntos.add': {
    params: { grupoId: 5 },
    input: { dryRun: true, puntos: -20.5, motivo: 'ajuste' },
    url: '/ext/v3/grupos/5/puntos',
    body: { dryRun: true, puntos: -20.5, motivo: 'ajuste' },
  },
  'grupos.etiquetas.add': {
    params: { grupoId: 5 },
    input: { dryRun: false, etiqueta: 'vip' },
    url: '/ext/v3/grupos/5/etiquetas',
    body: { dryRun: false, etiqueta: 'vip' },
  },
  'grupos.nombre.set': {
    params: { grupoId: 5 },
    input: { nombre: 'Clientes VIP' },
    url: '/ext/v3/grupos/5/nombre',
    body: { nombre: 'Clientes VIP' },
  },
  'promociones.list': { params: {}, input: { tipo: 1 }, url: '/ext/v3/promociones?tipo=1' },
  'promociones.setStatus': {
    params: { regaloId: 3 },
    input: { comando: 'programar', fecha: '2024-01-01' },
    url: '/ext/v3/promociones/3/status',
    body: { comando: 'programar', fecha: '2024-01-01' },
  },
  'promociones.cupones.list': {
    params: { regaloId: 3 },
    input: { inicio: '2024-01-01', fin: '2024-01-31' },
    url: '/ext/v3/promociones/3/cupones?inicio=2024-01-01&fin=2024-01-31',
  },
  'reportes.catalogo.retrieve': { params: {}, url: '/ext/v3/reportes/catalogo' },
  'openapi.retrieve': { params: {}, url: '/ext/v3/openapi.json' },
};

export function operationOf(id: OperationId): Operation {
  return tableOperation(id);
}

/**
 * Calls the SDK method of an operation with its case's arguments, overridden as asked:
 * `client.<id>(...pathParams, input?, options)`.
 */
export function invoke(
  client: LoyaltyClient,
  id: OperationId,
  override: { params?: Record<string, unknown>; input?: unknown; options?: RequestOptions } = {},
): APIPromise<unknown> {
  const operation = operationOf(id);
  const sample = CASES[id];
  const params = { ...sample.params, ...override.params };
  const args: unknown[] = pathParamNames(operation.path).map((name) => params[name]);
  if (operation.body || operation.query) args.push('input' in override ? override.input : sample.input);
  args.push(override.options);
  const method = methodOf(client, id);
  if (!method) throw new Error(`client.${id} is not a method`);
  return method(...args);
}
