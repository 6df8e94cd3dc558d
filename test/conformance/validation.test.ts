/**
 * Every rule of the spec's parameter tables and Limits table: the value at the boundary is
 * accepted, the value just over it is a 400 whose `details` names the parameter (`in`, `name`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  expectDetail,
  type Fixtures,
  LIMITS,
  makeFixtures,
  newKey,
  type OperationId,
  type OpOptions,
  operations,
  SAMPLES,
  uniqueEmail,
  useServer,
} from '../support/conformance-harness.js';

const h = useServer();

interface Ctx extends Fixtures {
  /** A customer with a large balance, for removals at the limit. */
  rich: string;
  /** A group holding only a rich customer. */
  richGroup: number;
}
let c: Ctx;

beforeAll(async () => {
  const fx = await makeFixtures(h);
  const rich = (await h.newCliente()).uid;
  const richMember = (await h.newCliente()).uid;
  await h.give(rich, 30_000);
  await h.give(richMember, 30_000);
  c = { ...fx, rich, richGroup: await h.createGroup([richMember]) };
});

type Where = { in: 'path' | 'query' | 'body' | 'header'; name: string | readonly string[] };

interface Rule {
  rule: string;
  op: OperationId;
  /** The request at the boundary: accepted. */
  accepted: (c: Ctx) => OpOptions;
  /** What "accepted" answers: 200 unless the boundary value names something that does not exist. */
  acceptedStatus?: number | readonly number[];
  /** The request just over the boundary: 400. */
  rejected: (c: Ctx) => OpOptions;
  detail: Where;
}

const chars = (n: number, ch = 'a') => ch.repeat(n);
const body = (name: string) => ({ in: 'body', name }) as const;
const path = (name: string) => ({ in: 'path', name }) as const;
const query = (name: string) => ({ in: 'query', name }) as const;
const LONG_UID = chars(LIMITS.uidMaxLength, 'u');
const TOO_LONG_UID = chars(LIMITS.uidMaxLength + 1, 'u');
const P = LIMITS.puntosPerCall;

/** The uid rule on each customer path: 128 characters reach the lookup (404), 129 are refused. */
const uidRules: Rule[] = operations
  .filter((operation) => operation.path.includes('{uid}'))
  .map((operation) => ({
    rule: `uid at most ${LIMITS.uidMaxLength} characters`,
    op: operation.id,
    accepted: (c) => ({ ...SAMPLES[operation.id](c), params: { uid: LONG_UID } }),
    acceptedStatus: 404,
    rejected: (c) => ({ ...SAMPLES[operation.id](c), params: { uid: TOO_LONG_UID } }),
    detail: path('uid'),
  }));

const RULES: Rule[] = [
  // 2. POST /tareas/{tareaId}/status
  {
    rule: 'tareaId at least 1',
    op: 'tareas.setStatus',
    accepted: () => ({ params: { tareaId: 1 }, body: { status: 1 } }),
    acceptedStatus: [200, 404],
    rejected: () => ({ params: { tareaId: 0 }, body: { status: 1 } }),
    detail: path('tareaId'),
  },
  {
    rule: 'tareaId is an integer',
    op: 'tareas.setStatus',
    accepted: (c) => ({ params: { tareaId: c.tareaId }, body: { status: 1 } }),
    rejected: () => ({ params: { tareaId: 'abc' }, body: { status: 1 } }),
    detail: path('tareaId'),
  },
  {
    rule: 'status is 1 (active), not 2',
    op: 'tareas.setStatus',
    accepted: (c) => ({ params: { tareaId: c.tareaId }, body: { status: 1 } }),
    rejected: (c) => ({ params: { tareaId: c.tareaId }, body: { status: 2 } }),
    detail: body('status'),
  },
  {
    rule: 'status is 0 (inactive), not -1',
    op: 'tareas.setStatus',
    accepted: (c) => ({ params: { tareaId: c.tareaId }, body: { status: 0 } }),
    rejected: (c) => ({ params: { tareaId: c.tareaId }, body: { status: -1 } }),
    detail: body('status'),
  },
  {
    rule: 'status is required',
    op: 'tareas.setStatus',
    accepted: (c) => ({ params: { tareaId: c.tareaId }, body: { status: 1, nombre: 'log' } }),
    rejected: (c) => ({ params: { tareaId: c.tareaId }, body: { nombre: 'log' } }),
    detail: body('status'),
  },
  {
    rule: 'status is an integer, not a string',
    op: 'tareas.setStatus',
    accepted: (c) => ({ params: { tareaId: c.tareaId }, body: { status: 1 } }),
    rejected: (c) => ({ params: { tareaId: c.tareaId }, body: { status: '1' } }),
    detail: body('status'),
  },
  {
    rule: `task nombre at most ${LIMITS.tareaNombreMaxLength} characters`,
    op: 'tareas.setStatus',
    accepted: (c) => ({
      params: { tareaId: c.tareaId },
      body: { status: 1, nombre: chars(LIMITS.tareaNombreMaxLength) },
    }),
    rejected: (c) => ({
      params: { tareaId: c.tareaId },
      body: { status: 1, nombre: chars(LIMITS.tareaNombreMaxLength + 1) },
    }),
    detail: body('nombre'),
  },
  // 3. POST /clientes
  {
    rule: 'usuarioData is required',
    op: 'clientes.create',
    accepted: () => ({ body: { usuarioData: { email: uniqueEmail() } } }),
    rejected: () => ({ body: { usuarioPassword: 'secreto-123' } }),
    detail: body('usuarioData'),
  },
  {
    rule: 'usuarioData is an object',
    op: 'clientes.create',
    accepted: () => ({ body: { usuarioData: { email: uniqueEmail() } } }),
    rejected: () => ({ body: { usuarioData: 'Ana' } }),
    detail: body('usuarioData'),
  },
  {
    rule: 'usuarioData.email is an email address',
    op: 'clientes.create',
    accepted: () => ({ body: { usuarioData: { email: uniqueEmail() } } }),
    rejected: () => ({ body: { usuarioData: { email: 'not-an-email' } } }),
    detail: body('usuarioData.email'),
  },
  {
    rule: 'usuarioData.birthdate is a date that exists',
    op: 'clientes.create',
    accepted: () => ({ body: { usuarioData: { email: uniqueEmail(), birthdate: '2000-02-29' } } }),
    rejected: () => ({ body: { usuarioData: { email: uniqueEmail(), birthdate: '2001-02-29' } } }),
    detail: body('usuarioData.birthdate'),
  },
  {
    rule: 'usuarioPassword is a string',
    op: 'clientes.create',
    accepted: () => ({ body: { usuarioData: { email: uniqueEmail() }, usuarioPassword: 'secreto-123' } }),
    rejected: () => ({ body: { usuarioData: { email: uniqueEmail() }, usuarioPassword: 12345678 } }),
    detail: body('usuarioPassword'),
  },
  // 4. GET /clientes/{uid}
  {
    rule: 'completo is a boolean',
    op: 'clientes.retrieve',
    accepted: (c) => ({ params: { uid: c.uid }, query: { completo: 'false' } }),
    rejected: (c) => ({ params: { uid: c.uid }, query: { completo: 'si' } }),
    detail: query('completo'),
  },
  // 5. PATCH /clientes/{uid}
  {
    rule: 'tipoContribuyente at least 1',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { tipoContribuyente: 1 } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { tipoContribuyente: 0 } }),
    detail: body('tipoContribuyente'),
  },
  {
    rule: 'tipoContribuyente at most 6',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { tipoContribuyente: 6 } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { tipoContribuyente: 7 } }),
    detail: body('tipoContribuyente'),
  },
  {
    rule: 'tipoContribuyente is an integer',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { tipoContribuyente: 2 } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { tipoContribuyente: 2.5 } }),
    detail: body('tipoContribuyente'),
  },
  {
    rule: 'birthday is a date YYYY-MM-DD that exists',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { birthday: '1990-12-31' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { birthday: '1990-12-32' } }),
    detail: body('birthday'),
  },
  {
    rule: 'genericInt1 is an integer',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { genericInt1: 7 } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { genericInt1: 7.5 } }),
    detail: body('genericInt1'),
  },
  {
    rule: 'genericDate2 is a date that exists',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { genericDate2: '2024-02-29' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { genericDate2: '2023-02-29' } }),
    detail: body('genericDate2'),
  },
  {
    rule: 'genericString5 is a string',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { genericString5: '5' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { genericString5: 5 } }),
    detail: body('genericString5'),
  },
  {
    rule: 'the email is not an updatable field',
    op: 'clientes.update',
    accepted: (c) => ({ params: { uid: c.uid }, body: { nombre: 'Sin email' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { nombre: 'Con email', email: uniqueEmail() } }),
    detail: body('email'),
  },
  // 6. POST /clientes/{uid}/puntos
  {
    rule: `puntos at most ${P} per call`,
    op: 'clientes.puntos.add',
    accepted: (c) => ({ params: { uid: c.uid }, body: { puntos: P } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { puntos: P + 1 } }),
    detail: body('puntos'),
  },
  {
    rule: `puntos at least -${P} per call`,
    op: 'clientes.puntos.add',
    accepted: (c) => ({ params: { uid: c.rich }, body: { puntos: -P } }),
    rejected: (c) => ({ params: { uid: c.rich }, body: { puntos: -P - 1 } }),
    detail: body('puntos'),
  },
  {
    rule: 'puntos is not 0',
    op: 'clientes.puntos.add',
    accepted: (c) => ({ params: { uid: c.uid }, body: { puntos: 1 } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { puntos: 0 } }),
    detail: body('puntos'),
  },
  {
    rule: 'puntos is required',
    op: 'clientes.puntos.add',
    accepted: (c) => ({ params: { uid: c.uid }, body: { puntos: 2, motivo: 'x' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { motivo: 'x' } }),
    detail: body('puntos'),
  },
  {
    rule: 'puntos is a number, not a string',
    op: 'clientes.puntos.add',
    accepted: (c) => ({ params: { uid: c.uid }, body: { puntos: 10 } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { puntos: '10' } }),
    detail: body('puntos'),
  },
  {
    rule: 'motivo is a string',
    op: 'clientes.puntos.add',
    accepted: (c) => ({ params: { uid: c.uid }, body: { puntos: 3, motivo: 'regalo' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { puntos: 3, motivo: 42 } }),
    detail: body('motivo'),
  },
  // 8. POST /clientes/{uid}/notificaciones
  {
    rule: `titulo at most ${LIMITS.tituloMaxLength} characters`,
    op: 'clientes.notificaciones.send',
    accepted: (c) => ({
      params: { uid: c.uid },
      body: { titulo: chars(LIMITS.tituloMaxLength), mensaje: 'm' },
    }),
    rejected: (c) => ({
      params: { uid: c.uid },
      body: { titulo: chars(LIMITS.tituloMaxLength + 1), mensaje: 'm' },
    }),
    detail: body('titulo'),
  },
  {
    rule: 'titulo is not empty',
    op: 'clientes.notificaciones.send',
    accepted: (c) => ({ params: { uid: c.uid }, body: { titulo: 't', mensaje: 'm' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { titulo: '', mensaje: 'm' } }),
    detail: body('titulo'),
  },
  {
    rule: 'titulo is required',
    op: 'clientes.notificaciones.send',
    accepted: (c) => ({ params: { uid: c.uid }, body: { titulo: 't', mensaje: 'm' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { mensaje: 'm' } }),
    detail: body('titulo'),
  },
  {
    rule: `mensaje at most ${LIMITS.mensajeMaxLength} characters`,
    op: 'clientes.notificaciones.send',
    accepted: (c) => ({
      params: { uid: c.uid },
      body: { titulo: 't', mensaje: chars(LIMITS.mensajeMaxLength) },
    }),
    rejected: (c) => ({
      params: { uid: c.uid },
      body: { titulo: 't', mensaje: chars(LIMITS.mensajeMaxLength + 1) },
    }),
    detail: body('mensaje'),
  },
  {
    rule: 'mensaje is required',
    op: 'clientes.notificaciones.send',
    accepted: (c) => ({ params: { uid: c.uid }, body: { titulo: 't', mensaje: 'm' } }),
    rejected: (c) => ({ params: { uid: c.uid }, body: { titulo: 't' } }),
    detail: body('mensaje'),
  },
  // 11. POST /grupos/{grupoId}/puntos
  {
    rule: 'grupoId at least 1',
    op: 'grupos.puntos.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: 1, dryRun: true } }),
    rejected: () => ({ params: { grupoId: 0 }, body: { puntos: 1, dryRun: true } }),
    detail: path('grupoId'),
  },
  {
    rule: 'grupoId is an integer',
    op: 'grupos.puntos.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: 1, dryRun: true } }),
    rejected: () => ({ params: { grupoId: '1.5' }, body: { puntos: 1, dryRun: true } }),
    detail: path('grupoId'),
  },
  {
    rule: `group puntos at most ${P} per call`,
    op: 'grupos.puntos.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: P } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: P + 1 } }),
    detail: body('puntos'),
  },
  {
    rule: `group puntos at least -${P} per call`,
    op: 'grupos.puntos.add',
    accepted: (c) => ({ params: { grupoId: c.richGroup }, body: { puntos: -P } }),
    rejected: (c) => ({ params: { grupoId: c.richGroup }, body: { puntos: -P - 1 } }),
    detail: body('puntos'),
  },
  {
    rule: 'group puntos is not 0',
    op: 'grupos.puntos.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: 1, dryRun: true } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: 0, dryRun: true } }),
    detail: body('puntos'),
  },
  {
    rule: 'group puntos is required',
    op: 'grupos.puntos.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: 1, dryRun: true } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: { dryRun: true } }),
    detail: body('puntos'),
  },
  {
    rule: 'dryRun is a boolean',
    op: 'grupos.puntos.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: 1, dryRun: true } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: { puntos: 1, dryRun: 'true' } }),
    detail: body('dryRun'),
  },
  // 12. POST /grupos/{grupoId}/etiquetas
  {
    rule: 'grupoId at least 1',
    op: 'grupos.etiquetas.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { etiqueta: 'vip', dryRun: true } }),
    rejected: () => ({ params: { grupoId: 0 }, body: { etiqueta: 'vip', dryRun: true } }),
    detail: path('grupoId'),
  },
  {
    rule: 'etiqueta is required',
    op: 'grupos.etiquetas.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { etiqueta: 'vip', dryRun: true } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: { dryRun: true } }),
    detail: body('etiqueta'),
  },
  {
    rule: 'etiqueta is not empty',
    op: 'grupos.etiquetas.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { etiqueta: 'v', dryRun: true } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: { etiqueta: '', dryRun: true } }),
    detail: body('etiqueta'),
  },
  {
    rule: 'dryRun is a boolean',
    op: 'grupos.etiquetas.add',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { etiqueta: 'v', dryRun: false } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: { etiqueta: 'v', dryRun: 1 } }),
    detail: body('dryRun'),
  },
  // 13. POST /grupos/{grupoId}/nombre
  {
    rule: 'grupoId at least 1',
    op: 'grupos.nombre.set',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { nombre: 'G' } }),
    rejected: () => ({ params: { grupoId: 0 }, body: { nombre: 'G' } }),
    detail: path('grupoId'),
  },
  {
    rule: `group nombre at most ${LIMITS.grupoNombreMaxLength} characters`,
    op: 'grupos.nombre.set',
    accepted: (c) => ({
      params: { grupoId: c.grupoId },
      body: { nombre: chars(LIMITS.grupoNombreMaxLength) },
    }),
    rejected: (c) => ({
      params: { grupoId: c.grupoId },
      body: { nombre: chars(LIMITS.grupoNombreMaxLength + 1) },
    }),
    detail: body('nombre'),
  },
  {
    rule: 'group nombre is required',
    op: 'grupos.nombre.set',
    accepted: (c) => ({ params: { grupoId: c.grupoId }, body: { nombre: 'G' } }),
    rejected: (c) => ({ params: { grupoId: c.grupoId }, body: {} }),
    detail: body('nombre'),
  },
  // 14. GET /promociones
  {
    rule: 'tipo at least 0',
    op: 'promociones.list',
    accepted: () => ({ query: { tipo: 0 } }),
    rejected: () => ({ query: { tipo: -1 } }),
    detail: query('tipo'),
  },
  {
    rule: 'tipo is an integer',
    op: 'promociones.list',
    accepted: () => ({ query: { tipo: 101 } }),
    rejected: () => ({ query: { tipo: '1.5' } }),
    detail: query('tipo'),
  },
  {
    rule: 'tipo is a number',
    op: 'promociones.list',
    accepted: () => ({ query: { tipo: 7 } }),
    rejected: () => ({ query: { tipo: 'juegos' } }),
    detail: query('tipo'),
  },
  // 15. POST /promociones/{regaloId}/status
  {
    rule: 'regaloId at least 1',
    op: 'promociones.setStatus',
    accepted: (c) => ({ params: { regaloId: c.regaloId }, body: { comando: 'activar' } }),
    rejected: () => ({ params: { regaloId: 0 }, body: { comando: 'activar' } }),
    detail: path('regaloId'),
  },
  {
    // 40 characters pass validation; the command is unknown, which is a business rule (422).
    rule: `comando at most ${LIMITS.comandoMaxLength} characters`,
    op: 'promociones.setStatus',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      body: { comando: chars(LIMITS.comandoMaxLength) },
    }),
    acceptedStatus: 422,
    rejected: (c) => ({
      params: { regaloId: c.regaloId },
      body: { comando: chars(LIMITS.comandoMaxLength + 1) },
    }),
    detail: body('comando'),
  },
  {
    rule: 'comando is required',
    op: 'promociones.setStatus',
    accepted: (c) => ({ params: { regaloId: c.regaloId }, body: { comando: 'desactivar' } }),
    rejected: (c) => ({ params: { regaloId: c.regaloId }, body: { fecha: '2030-01-01' } }),
    detail: body('comando'),
  },
  {
    rule: `fecha at most ${LIMITS.fechaMaxLength} characters`,
    op: 'promociones.setStatus',
    // Length is the wire rule; whether a 30-character fecha means anything to `activar` is the server's call.
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      body: { comando: 'activar', fecha: chars(LIMITS.fechaMaxLength, '1') },
    }),
    acceptedStatus: [200, 422],
    rejected: (c) => ({
      params: { regaloId: c.regaloId },
      body: { comando: 'activar', fecha: chars(LIMITS.fechaMaxLength + 1, '1') },
    }),
    detail: body('fecha'),
  },
  // 16. GET /promociones/{regaloId}/cupones
  {
    rule: 'regaloId at least 1',
    op: 'promociones.cupones.list',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-01-01', fin: '2024-01-02' },
    }),
    rejected: () => ({ params: { regaloId: 0 }, query: { inicio: '2024-01-01', fin: '2024-01-02' } }),
    detail: path('regaloId'),
  },
  {
    rule: 'inicio is a date that exists',
    op: 'promociones.cupones.list',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-02-29', fin: '2024-03-01' },
    }),
    rejected: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-02-30', fin: '2024-03-01' },
    }),
    detail: query('inicio'),
  },
  {
    rule: 'inicio is YYYY-MM-DD',
    op: 'promociones.cupones.list',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-03-01', fin: '2024-03-01' },
    }),
    rejected: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '01/03/2024', fin: '2024-03-01' },
    }),
    detail: query('inicio'),
  },
  {
    rule: 'fin is a date that exists',
    op: 'promociones.cupones.list',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-04-01', fin: '2024-04-30' },
    }),
    rejected: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-04-01', fin: '2024-04-31' },
    }),
    detail: query('fin'),
  },
  {
    rule: 'inicio is required',
    op: 'promociones.cupones.list',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-01-01', fin: '2024-01-01' },
    }),
    rejected: (c) => ({ params: { regaloId: c.regaloId }, query: { fin: '2024-01-01' } }),
    detail: query('inicio'),
  },
  {
    rule: 'fin is required',
    op: 'promociones.cupones.list',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-01-01', fin: '2024-01-01' },
    }),
    rejected: (c) => ({ params: { regaloId: c.regaloId }, query: { inicio: '2024-01-01' } }),
    detail: query('fin'),
  },
  {
    rule: 'inicio is not after fin (equal is the boundary)',
    op: 'promociones.cupones.list',
    accepted: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-05-10', fin: '2024-05-10' },
    }),
    rejected: (c) => ({
      params: { regaloId: c.regaloId },
      query: { inicio: '2024-05-11', fin: '2024-05-10' },
    }),
    detail: { in: 'query', name: ['inicio', 'fin'] },
  },
  ...uidRules,
];

/** Idempotency-Key length on every write that takes the header (Limits: 8 to 128). */
const keyRules: Rule[] = operations
  .filter((operation) => operation.idempotency !== 'none')
  .flatMap((operation): Rule[] => [
    {
      rule: `Idempotency-Key at least ${LIMITS.idempotencyKeyMinLength} characters`,
      op: operation.id,
      accepted: (c) => ({
        ...SAMPLES[operation.id](c),
        idem: newKey().slice(0, LIMITS.idempotencyKeyMinLength),
      }),
      rejected: (c) => ({
        ...SAMPLES[operation.id](c),
        idem: chars(LIMITS.idempotencyKeyMinLength - 1, 'k'),
      }),
      detail: { in: 'header', name: 'Idempotency-Key' },
    },
    {
      rule: `Idempotency-Key at most ${LIMITS.idempotencyKeyMaxLength} characters`,
      op: operation.id,
      accepted: (c) => ({
        ...SAMPLES[operation.id](c),
        idem: newKey().padEnd(LIMITS.idempotencyKeyMaxLength, 'k'),
      }),
      rejected: (c) => ({
        ...SAMPLES[operation.id](c),
        idem: chars(LIMITS.idempotencyKeyMaxLength + 1, 'k'),
      }),
      detail: { in: 'header', name: 'Idempotency-Key' },
    },
  ]);

const table = [...RULES, ...keyRules].map((rule) => [`${rule.op}: ${rule.rule}`, rule] as [string, Rule]);

describe('parameter rules at the boundary', () => {
  it.each(table)('%s: the valid edge is accepted', async (_, rule) => {
    const reply = await h.op(rule.op, rule.accepted(c));
    const expected = rule.acceptedStatus ?? 200;
    const allowed: readonly number[] = typeof expected === 'number' ? [expected] : expected;
    expect(allowed, reply.text).toContain(reply.status);
    expect(reply.status).not.toBe(400);
    if (reply.status === 200) expect(reply.json.codigoRespuesta).toBe(0);
  });

  it.each(table)('%s: the first invalid value is 400 naming the parameter', async (_, rule) => {
    const reply = await h.op(rule.op, rule.rejected(c));
    expectDetail(reply, rule.detail);
  });
});

describe('unknown parameters', () => {
  const withBody = operations.filter((operation) => 'body' in operation).map((o) => [o.id] as [OperationId]);
  const everyOperation = operations.map((o) => [o.id] as [OperationId]);

  it.each(withBody)('%s: an unknown body field is 400 naming it', async (id) => {
    const sample = SAMPLES[id](c);
    const reply = await h.op(id, { ...sample, body: { ...(sample.body as object), campoDesconocido: 1 } });
    expectDetail(reply, { in: 'body', name: 'campoDesconocido' });
  });

  it.each(everyOperation)('%s: an unknown query parameter is 400 naming it', async (id) => {
    const sample = SAMPLES[id](c);
    const reply = await h.op(id, { ...sample, query: { ...sample.query, filtroDesconocido: 'x' } });
    expectDetail(reply, { in: 'query', name: 'filtroDesconocido' });
  });

  it('unknown keys inside usuarioData pass through (its full key set is not shown)', async () => {
    const reply = await h.op('clientes.create', {
      body: { usuarioData: { email: uniqueEmail(), campoDelNegocio: 'x' } },
    });
    expect(reply.status, reply.text).toBe(200);
  });
});

describe('a refused request has no effect', () => {
  it('points over the per-call limit change no balance and add no movement', async () => {
    const balance = await h.balance(c.uid);
    const movements = (await h.history(c.uid)).length;
    const reply = await h.op('clientes.puntos.add', { params: { uid: c.uid }, body: { puntos: P + 1 } });
    expect(reply.status).toBe(400);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.badRequest);
    expect(await h.balance(c.uid)).toBe(balance);
    expect((await h.history(c.uid)).length).toBe(movements);
  });

  it('an Idempotency-Key with a space is 400 (printable characters only)', async () => {
    const reply = await h.op('clientes.puntos.add', {
      params: { uid: c.uid },
      body: { puntos: 1 },
      idem: 'has a space in it',
    });
    expectDetail(reply, { in: 'header', name: 'Idempotency-Key' });
  });
});
