/**
 * What verify finds against Mockoon CLI 9.9.0 started on our own document (test/support/mockoon.ts),
 * each finding listed by severity, kind, location and operations, with why it is true. A run finds
 * exactly these: a finding more is one verify made up, one fewer is one it missed.
 *
 * What Mockoon does with the document: each operation becomes a route that sends its first
 * answer, the 200, to every request, whatever its key, path, query or body (it checks nothing);
 * the body is the 200's schema filled with faker values drawn per request (integers from 0 to
 * 99999, strings empty, booleans at random), and `allOf` is merged keeping the last member's
 * `meta`, so no `meta.requestId` nor `meta.appId`. It sends the headers the document declares,
 * and no X-Request-Id. A path that matches no route (`/clientes/`) gets Express's HTML 404.
 */
import type { OperationId } from '../../src/operations/table.js';
import { GROUP_ACTIONS, READS, type Row } from './prism-expected.js';

/** The operations whose 200 verify reads as a success: the reads, and the group actions' dry runs. */
const ANSWERED: OperationId[] = [...READS.filter((id) => id !== 'openapi.retrieve'), ...GROUP_ACTIONS];

/** What safe mode sends to a mock that answers every read 200: the reads and the sample's dry runs. */
const SENT_SAFELY: OperationId[] = [...READS, ...GROUP_ACTIONS];

const SAFE: Row[] = [
  // The 200 carries `meta` with `scope` alone: the spec's envelope has meta.requestId and
  // meta.appId (openapi.retrieve answers the document's example, which has both).
  ['breaking', 'field-missing', 'response.200.meta.requestId', ANSWERED],
  ['breaking', 'field-missing', 'response.200.meta.appId', ANSWERED],
  // A dry run answered with Idempotent-Replayed, as the document declares the header: a first
  // request marked as a replay.
  ['info', 'header', 'header.Idempotent-Replayed', GROUP_ACTIONS],
  // No key, a wrong key: 200 as with the run's key, where the spec answers 401.
  ['breaking', 'status', 'request.header.apikey', READS],
  // Every read that breaks the document is answered 200, where the reference refuses it (400).
  ['differs', 'status', 'request.query.loyaltyVerifyUnknown', READS],
  ['breaking', 'status', 'request.path.uid', ['clientes.retrieve', 'clientes.puntos.list']],
  ['breaking', 'status', 'request.query.completo', ['clientes.retrieve']],
  ['breaking', 'status', 'request.query.tipo', ['promociones.list']],
  ['breaking', 'status', 'request.path.regaloId', ['promociones.cupones.list']],
  ['breaking', 'status', 'request.query.inicio', ['promociones.cupones.list']],
  ['breaking', 'status', 'request.query.fin', ['promociones.cupones.list']],
  ['info', 'header', 'header.X-Request-Id', SENT_SAFELY],
  // Values the document rules out, drawn by faker, which keeps no format, length or bound: an
  // empty uid (the spec: "used as {uid} in paths"), a tipoContribuyente past the spec's 1..6, an
  // empty movimientoId and instants that are no date-time (the reference's rules: differs).
  ['breaking', 'value', 'response.200.data.uid', ['clientes.retrieve']],
  ['breaking', 'value', 'response.200.data.tipoContribuyente', ['clientes.retrieve']],
  ['breaking', 'value', 'response.200.data[].uid', ['clientes.puntos.list']],
  ['differs', 'value', 'response.200.data[].movimientoId', ['clientes.puntos.list']],
  ['differs', 'value', 'response.200.data[].fecha', ['clientes.puntos.list']],
  ['differs', 'value', 'response.200.data[].ultimoCambio.fecha', ['tareas.list']],
];

/**
 * Safe mode sends Mockoon no write: every read of an id is answered 200, so no id is shown to
 * name nothing. Sandbox mode sends the task write without a key first, Mockoon carries it out,
 * and no other refusal follows (the task's and the create's other refusals are not run).
 */
export const MOCKOON: Record<'safe' | 'sandbox', Row[]> = {
  safe: SAFE,
  sandbox: [
    ...SAFE,
    // The task write without a key, answered 200: a write carried out that must be refused.
    ['breaking', 'status', 'request.header.apikey', ['tareas.setStatus']],
    ['differs', 'value', 'response.200.data.ultimoCambio.fecha', ['tareas.setStatus']],
    ['info', 'header', 'header.X-Request-Id', ['tareas.setStatus', 'clientes.create']],
    ['breaking', 'field-missing', 'response.200.meta.requestId', ['clientes.create']],
    ['breaking', 'field-missing', 'response.200.meta.appId', ['clientes.create']],
    ['info', 'header', 'header.Idempotent-Replayed', ['clientes.create']],
    // The create sent again with its key and body: another answer (values drawn anew), not the original.
    ['breaking', 'idempotency', 'idempotency.replay', ['clientes.create']],
    // The tag's run affects another count than its dry run said (each drawn at random).
    ['differs', 'parameter', 'request.body.dryRun', ['grupos.etiquetas.add']],
    // 200 reads unpaced, none refused: Mockoon has no rate limit.
    ['info', 'limit', 'rateLimit.requests', [null]],
    // The create answered uid "" (and a tipoContribuyente past 1..6): a value finding, and the
    // steps that would name that customer are inconclusive, so nothing is sent to /clientes/.
    ['breaking', 'value', 'response.200.data.uid', ['clientes.create']],
    ['breaking', 'value', 'response.200.data.tipoContribuyente', ['clientes.create']],
    // The tag applied (dryRun: false) answered dryRun: true: the dry run's variant for a run.
    ['breaking', 'value', 'response.200.data.dryRun', ['grupos.etiquetas.add']],
  ],
};

/** The writes Mockoon carried out that verify sent expecting a refusal, by method and path. */
export const MOCKOON_WRITES: Record<'safe' | 'sandbox', string[]> = {
  safe: [],
  sandbox: ['POST /ext/v3/tareas/2147483647/status'],
};
