/**
 * What verify finds against openapi-mock-express-middleware 3.0.2 mounted on our own document
 * (test/support/openapi-mock.ts), each finding listed by severity, kind, location and operations,
 * with why it is true. A run finds exactly these: a finding more is one verify made up, one fewer
 * is one it missed.
 *
 * What the middleware does with the document: it checks each request's path, query and body
 * against it with Ajv and refuses what breaks it with 400 and its own JSON (`message`, `errors`); it reads only an operation's own `security`, and ours
 * is the document's, so it takes any key or none; it answers the rest with the operation's 200,
 * every field made by json-schema-faker from the schema (values drawn per request), and sends no
 * header of the document's, X-Request-Id included. It keeps nothing between requests.
 */
import { GROUP_ACTIONS, READS, type Row } from './prism-expected.js';

const SAFE: Row[] = [
  // No key, a wrong key: 200 as with the run's key, where the spec answers 401.
  ['breaking', 'status', 'request.header.apikey', READS],
  // What breaks the document is refused with 400 as the reference refuses it, but the body is the
  // middleware's own JSON, not the envelope.
  ['breaking', 'error-shape', 'response.400', READS],
  ['info', 'header', 'header.X-Request-Id', [...READS, ...GROUP_ACTIONS]],
  // The points dry run drawn as the applied variant (dryRun: false): a dry run that says it ran.
  ['breaking', 'value', 'response.200.data.dryRun', ['grupos.puntos.add']],
];

/**
 * Safe mode sends the middleware no write: every read of an id is answered 200, so no id is shown
 * to name nothing. Sandbox mode sends the task write without a key first, the middleware answers
 * it 200 (it reads no key), and no other refusal follows.
 */
export const OPENAPI_MOCK: Record<'safe' | 'sandbox', Row[]> = {
  safe: SAFE,
  sandbox: [
    ...SAFE,
    // The task write without a key, answered 200: a write carried out that must be refused.
    ['breaking', 'status', 'request.header.apikey', ['tareas.setStatus']],
    ['info', 'header', 'header.X-Request-Id', ['tareas.setStatus', 'clientes.create', 'clientes.puntos.add']],
    // The create sent again with its key and body: another answer (values drawn anew), not the
    // original, and not marked Idempotent-Replayed.
    ['breaking', 'idempotency', 'idempotency.replay', ['clientes.create']],
    ['info', 'idempotency', 'header.Idempotent-Replayed', ['clientes.create']],
    // A points movement's key sent again with another body, or to another operation: carried out
    // (200), where the spec answers 409.
    ['breaking', 'idempotency', 'idempotency.other-body', ['clientes.puntos.add']],
    ['differs', 'idempotency', 'idempotency.other-operation', ['clientes.puntos.add']],
    // Adding 1 point moved the balance by a drawn number, not by 1.
    ['breaking', 'parameter', 'request.body.puntos', ['clientes.puntos.add']],
    // The tag's run affects another count than its dry run said (each drawn at random).
    ['differs', 'parameter', 'request.body.dryRun', ['grupos.etiquetas.add']],
    // The tag's dry run drawn as the applied variant too.
    ['breaking', 'value', 'response.200.data.dryRun', ['grupos.etiquetas.add']],
    // 200 reads unpaced, none refused: the middleware has no rate limit.
    ['info', 'limit', 'rateLimit.requests', [null]],
  ],
};

/** The writes the middleware carried out that verify sent expecting a refusal, by method and path. */
export const OPENAPI_MOCK_WRITES: Record<'safe' | 'sandbox', string[]> = {
  safe: [],
  sandbox: [
    'POST /ext/v3/tareas/2147483647/status',
    'POST /ext/v3/clientes/{uid}/puntos',
    'POST /ext/v3/clientes/{uid}/puntos',
  ],
};
