/**
 * What verify finds against Prism 5.14.2 made from our own document (test/support/prism.ts), each
 * finding listed by severity, kind, location and operations, with why it is true. A run finds
 * exactly these: a finding more is one verify made up, one fewer is one it missed.
 */
import type { OperationId } from '../../src/operations/table.js';
import type { Finding } from '../../src/verify/types.js';

/** severity, kind, location, and the operations it is found at (null: the service as a whole). */
export type Row = [Finding['severity'], Finding['kind'], string, readonly (OperationId | null)[]];

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

export const GROUP_ACTIONS: OperationId[] = ['grupos.puntos.add', 'grupos.etiquetas.add'];

/**
 * Both mocks. Every write is `unsafe`: the mock answers 200 to the read of each identifier tried
 * (it claims every record exists), and safe mode sends no create and no write to a task or group.
 * So the refusals a safe run sends a mock are the reads'.
 */
const MOCK: Row[] = [
  // A dry run answered with Idempotent-Replayed: true, as the document declares the header and a
  // mock sends what is declared: a first request marked as a replay.
  ['info', 'header', 'header.Idempotent-Replayed', GROUP_ACTIONS],
  // Prism takes any key (it checks only that one is sent): a wrong key is answered 200, as the
  // same request with the run's key is (the control); the 401 of no key is Prism's made-up
  // envelope, not the spec's 9501, and carries fields made from the schema.
  ['breaking', 'status', 'request.header.apikey', READS],
  ['breaking', 'error-code', 'response.401.codigoRespuesta', READS],
  ['info', 'error-shape', 'response.401.meta.requiredScope', READS],
  ['info', 'error-shape', 'response.401.meta.legacy', READS],
  ['info', 'error-shape', 'response.401.details', READS],
  // Prism does not refuse a query parameter the document does not declare: 200, as without it.
  // Refusing it is the reference's choice (the spec is silent, and the SDK sends none): differs.
  ['differs', 'status', 'request.query.loyaltyVerifyUnknown', READS],
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
  ['info', 'error-shape', 'response.401.property1', READS],
  ['info', 'error-shape', 'response.401.property2', READS],
  ['info', 'error-shape', 'response.401.meta.property1', READS],
  ['info', 'error-shape', 'response.401.meta.property2', READS],
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

/**
 * The operations a safe run sends requests to through the proxy: all but a create, a task's and a
 * group's writes (safe mode sends none of them; the group actions' dry runs go to the sample group).
 */
const SENT: OperationId[] = ALL.filter(
  (id) => !['clientes.create', 'tareas.setStatus', 'grupos.nombre.set', ...GROUP_ACTIONS].includes(id),
);

/**
 * The operations Prism's proxy refuses a request of itself with 422 (they have a body or a path
 * parameter), of those a safe run sends a refusal (clientes.nivel.recalculate's is only its uid
 * under test, which safe mode does not send).
 */
const VALIDATED: OperationId[] = SENT.filter(
  (id) =>
    ![
      'tareas.list',
      'configuracion.niveles.list',
      'reportes.catalogo.retrieve',
      'openapi.retrieve',
      'clientes.nivel.recalculate',
    ].includes(id),
);

/**
 * `prism proxy --errors` in front of the reference server: every answer Prism gives of itself is
 * its own JSON (`application/problem+json`), not the envelope, and carries no X-Request-Id; it
 * refuses with 422 each request that breaks the document, where the reference refuses with 400.
 * What it lets through is the reference's answer: nothing else differs.
 */
export const PROXY: Row[] = [
  ['breaking', 'error-shape', 'response.401', SENT],
  ['breaking', 'error-shape', 'response.422', VALIDATED],
  // The spec names no X-Request-Id (it names meta.requestId, which the SDK reads): a note.
  ['info', 'header', 'header.X-Request-Id', SENT],
  ['breaking', 'status', 'request.body.nombre', ['clientes.update']],
  [
    'differs',
    'status',
    'request.body.loyaltyVerifyUnknown',
    ['clientes.update', 'clientes.puntos.add', 'clientes.notificaciones.send', 'promociones.setStatus'],
  ],
  ['breaking', 'status', 'request.path.uid', ['clientes.retrieve', 'clientes.puntos.list']],
  ['breaking', 'status', 'request.query.completo', ['clientes.retrieve']],
  ['breaking', 'status', 'request.body.birthday', ['clientes.update']],
  ['breaking', 'status', 'request.body.tipoContribuyente', ['clientes.update']],
  ['breaking', 'status', 'request.body.genericDate1', ['clientes.update']],
  ['breaking', 'status', 'request.body.genericDate2', ['clientes.update']],
  [
    'breaking',
    'status',
    'request.header.Idempotency-Key',
    ['clientes.update', 'clientes.puntos.add', 'clientes.notificaciones.send'],
  ],
  ['breaking', 'status', 'request.body.puntos', ['clientes.puntos.add']],
  ['breaking', 'status', 'request.body.motivo', ['clientes.puntos.add']],
  ['breaking', 'status', 'request.body.titulo', ['clientes.notificaciones.send']],
  ['breaking', 'status', 'request.body.mensaje', ['clientes.notificaciones.send']],
  ['breaking', 'status', 'request.query.tipo', ['promociones.list']],
  ['breaking', 'status', 'request.path.regaloId', ['promociones.cupones.list']],
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
