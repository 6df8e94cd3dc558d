/**
 * What verify finds against Prism 5.14.2 made from our own document (test/support/prism.ts), each
 * finding listed by severity, kind, location and operations, with why it is true. A run finds
 * exactly these: a finding more is one verify made up, one fewer is one it missed.
 */
import type { OperationId } from '../../src/operations/table.js';
import type { Finding } from '../../src/verify/types.js';

/** severity, kind, location, and the operations it is found at (null: the service as a whole). */
export type Row = [Finding['severity'], Finding['kind'], string, readonly (OperationId | null)[]];

/** The operations whose refusals a mock run sends: the reads, and the writes whose identifiers a read found free. */
export const SENT_TO_A_MOCK: OperationId[] = [
  'tareas.list',
  'tareas.setStatus',
  'clientes.create',
  'clientes.retrieve',
  'clientes.puntos.list',
  'configuracion.niveles.list',
  'promociones.list',
  'promociones.cupones.list',
  'reportes.catalogo.retrieve',
  'openapi.retrieve',
];

export const READS: OperationId[] = [
  'tareas.list',
  'clientes.retrieve',
  'clientes.puntos.list',
  'configuracion.niveles.list',
  'promociones.list',
  'promociones.cupones.list',
  'reportes.catalogo.retrieve',
  'openapi.retrieve',
];

/** The reads with a query parameter a refusal breaks: Prism refuses those with 400 (a read declares no 422). */
const QUERY_READS: OperationId[] = [
  'clientes.retrieve',
  'clientes.puntos.list',
  'promociones.list',
  'promociones.cupones.list',
];

const UID_WRITES: OperationId[] = [
  'clientes.update',
  'clientes.puntos.add',
  'clientes.notificaciones.send',
  'clientes.nivel.recalculate',
];

export const GROUP_ACTIONS: OperationId[] = ['grupos.puntos.add', 'grupos.etiquetas.add'];
const GROUP_WRITES: OperationId[] = [...GROUP_ACTIONS, 'grupos.nombre.set'];

/**
 * Both mocks. Every write naming a uid, a grupoId or a regaloId is `unsafe`: the mock answers 200
 * to the read of each identifier tried (it claims every record exists), so none is sent to them.
 */
const MOCK: Row[] = [
  // A dry run answered with Idempotent-Replayed: true, as the document declares the header and a
  // mock sends what is declared: a first request marked as a replay.
  ['info', 'header', 'header.Idempotent-Replayed', GROUP_ACTIONS],
  // Prism takes any key (it checks only that one is sent): a wrong key is answered 200, as the
  // same request with the run's key is (the control); the 401 of no key is Prism's made-up
  // envelope, not the spec's 9501, and carries fields made from the schema.
  ['breaking', 'status', 'request.header.apikey', SENT_TO_A_MOCK],
  ['breaking', 'error-code', 'response.401.codigoRespuesta', SENT_TO_A_MOCK],
  ['info', 'error-shape', 'response.401.meta.requiredScope', SENT_TO_A_MOCK],
  ['info', 'error-shape', 'response.401.meta.legacy', SENT_TO_A_MOCK],
  ['info', 'error-shape', 'response.401.details', SENT_TO_A_MOCK],
  // Prism does not refuse a query parameter the document does not declare: 200, as without it.
  // Refusing it is the reference's choice (the spec is silent, and the SDK sends none): differs.
  ['differs', 'status', 'request.query.loyaltyVerifyUnknown', READS],
  // Prism refuses what breaks the document with 422 (where declared), the reference with 400.
  ['breaking', 'status', 'request.path.tareaId', ['tareas.setStatus']],
  ['breaking', 'status', 'request.body.status', ['tareas.setStatus']],
  ['breaking', 'status', 'request.body.nombre', ['tareas.setStatus']],
  ['differs', 'status', 'request.body.loyaltyVerifyUnknown', ['tareas.setStatus']],
  ['breaking', 'status', 'request.body.usuarioData', ['clientes.create']],
  ['breaking', 'status', 'request.path.uid', UID_WRITES],
  ['breaking', 'status', 'request.path.grupoId', GROUP_WRITES],
  ['breaking', 'status', 'request.path.regaloId', ['promociones.setStatus']],
  // A read's 400 is Prism's made-up envelope: another code, fields made from the schema, and no
  // list of the invalid parameters in details (null, or an object): that list is the reference's
  // form (the spec gives none), and the SDK keeps another as sent: differs.
  ['differs', 'error-code', 'response.400.codigoRespuesta', QUERY_READS],
  ['info', 'error-shape', 'response.400.meta.requiredScope', QUERY_READS],
  ['info', 'error-shape', 'response.400.meta.legacy', QUERY_READS],
  ['differs', 'error-shape', 'response.400.details', QUERY_READS],
];

/** `prism mock`: static values fill every open object with `property1` and `property2`. */
export const MOCK_STATIC: Row[] = [
  ...MOCK,
  ['info', 'error-shape', 'response.401.property1', SENT_TO_A_MOCK],
  ['info', 'error-shape', 'response.401.property2', SENT_TO_A_MOCK],
  ['info', 'error-shape', 'response.401.meta.property1', SENT_TO_A_MOCK],
  ['info', 'error-shape', 'response.401.meta.property2', SENT_TO_A_MOCK],
  ['info', 'error-shape', 'response.400.property1', QUERY_READS],
  ['info', 'error-shape', 'response.400.property2', QUERY_READS],
  ['info', 'error-shape', 'response.400.meta.property1', QUERY_READS],
  ['info', 'error-shape', 'response.400.meta.property2', QUERY_READS],
];

/**
 * `prism mock --dynamic`: json-schema-faker unites the enums of `allOf` members, so the 401 of
 * openapi.retrieve carries a scope where the document (and the reference) say null.
 */
export const MOCK_DYNAMIC: Row[] = [
  ...MOCK,
  ['differs', 'error-shape', 'response.401.meta.scope', ['openapi.retrieve']],
];

export const ALL: OperationId[] = [
  'tareas.list',
  'tareas.setStatus',
  'clientes.create',
  'clientes.retrieve',
  'clientes.update',
  'clientes.puntos.add',
  'clientes.puntos.list',
  'clientes.notificaciones.send',
  'clientes.nivel.recalculate',
  'configuracion.niveles.list',
  'grupos.puntos.add',
  'grupos.etiquetas.add',
  'grupos.nombre.set',
  'promociones.list',
  'promociones.setStatus',
  'promociones.cupones.list',
  'reportes.catalogo.retrieve',
  'openapi.retrieve',
];

/** The operations Prism's proxy refuses a request of itself with 422 (they have a body or a path parameter). */
const VALIDATED: OperationId[] = ALL.filter(
  (id) =>
    !['tareas.list', 'configuracion.niveles.list', 'reportes.catalogo.retrieve', 'openapi.retrieve'].includes(
      id,
    ),
);

/**
 * `prism proxy --errors` in front of the reference server: every answer Prism gives of itself is
 * its own JSON (`application/problem+json`), not the envelope, and carries no X-Request-Id; it
 * refuses with 422 each request that breaks the document, where the reference refuses with 400.
 * What it lets through is the reference's answer: nothing else differs.
 */
export const PROXY: Row[] = [
  ['breaking', 'error-shape', 'response.401', ALL],
  ['breaking', 'error-shape', 'response.422', VALIDATED],
  // The spec names no X-Request-Id (it names meta.requestId, which the SDK reads): a note.
  ['info', 'header', 'header.X-Request-Id', ALL],
  ['breaking', 'status', 'request.path.tareaId', ['tareas.setStatus']],
  ['breaking', 'status', 'request.body.status', ['tareas.setStatus']],
  ['breaking', 'status', 'request.body.nombre', ['tareas.setStatus', 'clientes.update', 'grupos.nombre.set']],
  [
    'differs',
    'status',
    'request.body.loyaltyVerifyUnknown',
    [
      'tareas.setStatus',
      'clientes.update',
      'clientes.puntos.add',
      'clientes.notificaciones.send',
      'grupos.puntos.add',
      'grupos.etiquetas.add',
      'grupos.nombre.set',
      'promociones.setStatus',
    ],
  ],
  ['breaking', 'status', 'request.body.usuarioData', ['clientes.create']],
  [
    'breaking',
    'status',
    'request.path.uid',
    [
      'clientes.retrieve',
      'clientes.update',
      'clientes.puntos.add',
      'clientes.puntos.list',
      'clientes.notificaciones.send',
      'clientes.nivel.recalculate',
    ],
  ],
  ['breaking', 'status', 'request.query.completo', ['clientes.retrieve']],
  ['breaking', 'status', 'request.body.birthday', ['clientes.update']],
  ['breaking', 'status', 'request.body.tipoContribuyente', ['clientes.update']],
  ['breaking', 'status', 'request.body.genericDate1', ['clientes.update']],
  ['breaking', 'status', 'request.body.genericDate2', ['clientes.update']],
  [
    'breaking',
    'status',
    'request.header.Idempotency-Key',
    ['clientes.update', 'clientes.puntos.add', 'clientes.notificaciones.send', ...GROUP_ACTIONS],
  ],
  ['breaking', 'status', 'request.body.puntos', ['clientes.puntos.add', 'grupos.puntos.add']],
  ['breaking', 'status', 'request.body.motivo', ['clientes.puntos.add']],
  ['breaking', 'status', 'request.body.titulo', ['clientes.notificaciones.send']],
  ['breaking', 'status', 'request.body.mensaje', ['clientes.notificaciones.send']],
  ['breaking', 'status', 'request.path.grupoId', GROUP_WRITES],
  ['breaking', 'status', 'request.body.dryRun', GROUP_ACTIONS],
  ['breaking', 'status', 'request.body.etiqueta', ['grupos.etiquetas.add']],
  ['breaking', 'status', 'request.query.tipo', ['promociones.list']],
  ['breaking', 'status', 'request.path.regaloId', ['promociones.setStatus', 'promociones.cupones.list']],
  ['breaking', 'status', 'request.body.comando', ['promociones.setStatus']],
  ['breaking', 'status', 'request.body.fecha', ['promociones.setStatus']],
  ['breaking', 'status', 'request.query.inicio', ['promociones.cupones.list']],
  ['breaking', 'status', 'request.query.fin', ['promociones.cupones.list']],
];

/** `severity kind operation location`, one line per finding, sorted: what a run is compared by. */
export function lines(rows: readonly Row[]): string[] {
  return rows
    .flatMap(([severity, kind, location, ids]) =>
      ids.map((id) => `${severity} ${kind} ${id ?? '(service)'} ${location}`),
    )
    .sort();
}

export function linesOf(findings: readonly Finding[]): string[] {
  return findings
    .map(
      ({ severity, kind, operationId, location }) =>
        `${severity} ${kind} ${operationId ?? '(service)'} ${location}`,
    )
    .sort();
}
