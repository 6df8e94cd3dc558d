/**
 * The differences the divergent twin plants, as data: each says what kind of difference it is,
 * where `verifyService` must find it (operation and location), and how the twin makes it (its
 * rewrites of the request, the answer and the OpenAPI document). Values that alter a limit are
 * derived from LIMITS; paths, methods and scopes come from the operation table.
 */
import { createHash } from 'node:crypto';
import { API_PREFIX, LIMITS } from '../../src/operations/limits.js';
import { SCOPES, type Scope } from '../../src/operations/scopes.js';
import { type Operation, type OperationId, tableOperation } from '../../src/operations/table.js';
import type { EngineRequest, EngineResponse } from '../../src/server/internal.js';
import { changeEnvelope } from '../../src/server/profile/json.js';
import type { FindingKind } from '../../src/verify/types.js';

/** What a rewrite sees: the request as it came, and the SDK operation its method and path name. */
export interface Exchange {
  readonly request: EngineRequest;
  readonly operation: Operation | undefined;
  /** What a plant keeps between requests, per twin (a rate limit's window). */
  readonly kept: Map<string, unknown>;
  /** When the request came, by the twin's clock (its engine's `now`), in milliseconds. */
  readonly at: number;
}

export type OpenApiDocument = { paths: Record<string, Record<string, Json>> } & Json;

/** How the twin makes a difference; each part is optional. */
export interface Rewrites {
  /** Changes the OpenAPI document the twin serves (`data` of openapi.retrieve), in place. */
  document?(document: OpenApiDocument): void;
  /** Before the engine: a changed request for it, or undefined to leave the request as it is. */
  request?(exchange: Exchange, current: EngineRequest): EngineRequest | undefined;
  /** After the engine: the answer as the twin sends it. */
  response?(response: EngineResponse, exchange: Exchange): EngineResponse;
}

export interface Plant {
  id: string;
  kind: FindingKind;
  /** The SDK operation the finding names; null for the service as a whole. */
  operationId: OperationId | null;
  /** Where verify must locate it (a Finding's `location`). */
  location: string;
  describe: string;
  /**
   * Only a sandbox run of the twin can observe it (`sandbox`), or a key without the scope it is
   * about (`scoped-key`: SCOPED_KEY_SCOPES): left out of the safe-mode expectation of a key holding
   * every scope.
   */
  needs?: 'sandbox' | 'scoped-key';
  apply: Rewrites;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's JSON body when it is an object, else undefined. */
export function jsonBody(request: EngineRequest): Json | undefined {
  if (request.body === undefined) return undefined;
  const text = typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('utf8');
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function withBody(request: EngineRequest, body: Json): EngineRequest {
  return { ...request, body: JSON.stringify(body) };
}

/** The server's own envelope rewrite, for the plants' answers. */
export const rewriteEnvelope = changeEnvelope;

/** `change` applied to `data` of a success answer of `id`: to each record when `data` is a list. */
function changeRecords(id: OperationId, change: (record: Json) => void): Rewrites['response'] {
  return (response, { operation }) => {
    if (operation?.id !== id || response.status !== 200) return response;
    return rewriteEnvelope(response, (envelope) => {
      const records = Array.isArray(envelope.data) ? envelope.data : [envelope.data];
      for (const record of records) if (isObject(record)) change(record);
    });
  };
}

/** `change` applied to the envelope of each `status` answer of `id`. */
function changeFailures(
  id: OperationId,
  status: number,
  change: (envelope: Json) => void,
): Rewrites['response'] {
  return (response, { operation }) =>
    operation?.id === id && response.status === status ? rewriteEnvelope(response, change) : response;
}

const documentPath = (operation: Operation) => `${API_PREFIX}${operation.path}`;
const documentMethod = (operation: Operation) => operation.method.toLowerCase();

/** The document's entry of an operation (its path item's method). */
function documentEntry(document: OpenApiDocument, id: OperationId): Json {
  const operation = tableOperation(id);
  const entry = document.paths[documentPath(operation)]?.[documentMethod(operation)];
  if (!isObject(entry)) throw new Error(`the twin's document lacks ${id}`);
  return entry;
}

/** The JSON schema of an operation's body in the document. */
function requestSchema(document: OpenApiDocument, id: OperationId): Json {
  const content = (documentEntry(document, id).requestBody as Json | undefined)?.content as Json | undefined;
  const schema = (content?.['application/json'] as Json | undefined)?.schema;
  if (!isObject(schema)) throw new Error(`the twin's document has no body schema in ${id}`);
  return schema;
}

function bodyProperty(document: OpenApiDocument, id: OperationId, name: string): Json {
  const property = (requestSchema(document, id).properties as Json | undefined)?.[name];
  if (!isObject(property)) throw new Error(`the twin's document has no body field ${name} in ${id}`);
  return property;
}

function parameter(document: OpenApiDocument, id: OperationId, where: string, name: string): Json {
  const parameters = documentEntry(document, id).parameters as Json[];
  const found = parameters.find((entry) => entry.in === where && entry.name === name);
  if (!found) throw new Error(`the twin's document has no ${where} parameter ${name} in ${id}`);
  return found;
}

/** Location of an operation as the document names it: `paths.<path>.<method>`. */
const operationLocation = (id: OperationId) => {
  const operation = tableOperation(id);
  return `paths.${documentPath(operation)}.${documentMethod(operation)}`;
};

/** The scope the key of a `scoped-key` plant lacks, and the scope the twin's 403 names instead. */
export const SCOPE_LACKED: Scope = tableOperation('grupos.nombre.set').scope as Scope;
export const SCOPE_NAMED: Scope = tableOperation('clientes.update').scope as Scope;
/** The scopes of the key of a `scoped-key` plant: every one but SCOPE_LACKED. */
export const SCOPED_KEY_SCOPES: Scope[] = SCOPES.filter((scope) => scope !== SCOPE_LACKED);

/** The twin's stricter rate limit: requests a window lets through, and the Retry-After of its 429. */
export const TWIN_RATE_LIMIT = { requests: 80, windowMs: 1_000, retryAfter: 3 } as const;

/** A fixed window like the engine's, from the first request after the last window ended. */
function overTwinLimit(kept: Map<string, unknown>, now: number): boolean {
  let window = kept.get('rate-limit') as { start: number; count: number } | undefined;
  if (window === undefined || now - window.start >= TWIN_RATE_LIMIT.windowMs) {
    window = { start: now, count: 0 };
    kept.set('rate-limit', window);
  }
  if (window.count >= TWIN_RATE_LIMIT.requests) return true;
  window.count += 1;
  return false;
}

/**
 * The request with another Idempotency-Key for the engine behind the twin: the key and what the
 * twin keys it by besides, hashed into a key the table takes (printable, short).
 */
function withKey(request: EngineRequest, key: string, by: string): EngineRequest {
  const other = createHash('sha256').update(`${key}\n${by}`).digest('hex').slice(0, 32);
  return { ...request, headers: { ...request.headers, 'idempotency-key': `twin-${other}` } };
}

/**
 * A rewrite of the Idempotency-Key of writes to `id` (or to any operation): `rekey` says, from what
 * the twin kept and the request, the key the engine gets instead, or undefined to leave it.
 */
function rekeyed(
  id: OperationId | undefined,
  rekey: (
    seen: Map<string, unknown>,
    key: string,
    exchange: Exchange,
    current: EngineRequest,
  ) => string | undefined,
): Rewrites['request'] {
  return (exchange, current) => {
    const key = current.headers['idempotency-key'];
    if (key === undefined || exchange.operation === undefined) return undefined;
    if (id !== undefined && exchange.operation.id !== id) return undefined;
    const seen = (exchange.kept.get(`keys ${id ?? 'any'}`) as Map<string, unknown> | undefined) ?? new Map();
    exchange.kept.set(`keys ${id ?? 'any'}`, seen);
    const by = rekey(seen, key, exchange, current);
    return by === undefined ? undefined : withKey(current, key, by);
  };
}

const is = (id: OperationId) => (exchange: Exchange) => exchange.operation?.id === id;

/** What a twin with a stricter titulo limit than ours allows. */
const TWIN_TITULO_MAX = LIMITS.tituloMaxLength - 20;
/** What a twin with a looser comando limit than ours allows. */
const TWIN_COMANDO_MAX = LIMITS.comandoMaxLength * 2;
/** A request id header under a name of the twin's (lower case: as verify names a header the SDK does not know). */
export const CORRELATION_HEADER = 'x-correlation-id';
/** The customer email change the spec only refers to: a path the twin serves and the SDK lacks. */
const EXTRA_PATH = `${API_PREFIX}${tableOperation('clientes.retrieve').path}/email`;

export const ALL_PLANTS: readonly Plant[] = [
  {
    id: 'cupones-gone',
    kind: 'operation-missing',
    operationId: 'promociones.cupones.list',
    location: operationLocation('promociones.cupones.list'),
    describe:
      'Coupon usage is gone: not in the document, and its path answers 404 (promociones:read still lists promotions, so the scope does not explain it)',
    apply: {
      document(document) {
        const operation = tableOperation('promociones.cupones.list');
        const item = document.paths[documentPath(operation)] ?? {};
        delete item[documentMethod(operation)];
        if (Object.keys(item).length === 0) delete document.paths[documentPath(operation)];
      },
      request: (exchange, current) =>
        is('promociones.cupones.list')(exchange) ? { ...current, path: `${API_PREFIX}/gone` } : undefined,
    },
  },
  {
    id: 'email-change-extra',
    kind: 'operation-extra',
    operationId: null,
    location: `paths.${EXTRA_PATH}.post`,
    describe:
      'The document lists the customer email change (POST /clientes/{uid}/email), which the SDK lacks',
    apply: {
      document(document) {
        document.paths[EXTRA_PATH] = {
          post: {
            operationId: 'clientes.email.update',
            summary: 'Change the email of a customer',
            'x-scope': tableOperation('clientes.update').scope,
            responses: { '200': { description: 'Success' } },
          },
        };
      },
    },
  },
  {
    id: 'nombre-scope',
    kind: 'scope',
    operationId: 'grupos.nombre.set',
    location: 'scope',
    describe: `Naming a group is declared under ${tableOperation('clientes.update').scope} instead of ${tableOperation('grupos.nombre.set').scope}`,
    apply: {
      document(document) {
        documentEntry(document, 'grupos.nombre.set')['x-scope'] = tableOperation('clientes.update').scope;
      },
    },
  },
  {
    id: 'forbidden-names-other-scope',
    kind: 'scope',
    operationId: 'grupos.nombre.set',
    location: 'response.403.meta.requiredScope',
    describe: `A key without ${SCOPE_LACKED} naming a group is refused with a 403 that names ${SCOPE_NAMED}`,
    needs: 'scoped-key',
    apply: {
      response: changeFailures('grupos.nombre.set', 403, (envelope) => {
        (envelope.meta as Json).requiredScope = SCOPE_NAMED;
      }),
    },
  },
  {
    id: 'titulo-stricter',
    kind: 'limit',
    operationId: 'clientes.notificaciones.send',
    location: 'request.body.titulo',
    describe: `titulo is at most ${TWIN_TITULO_MAX} characters (ours ${LIMITS.tituloMaxLength}), in the document and enforced`,
    apply: {
      document(document) {
        bodyProperty(document, 'clientes.notificaciones.send', 'titulo').maxLength = TWIN_TITULO_MAX;
      },
      request(exchange, current) {
        const body = is('clientes.notificaciones.send')(exchange) ? jsonBody(current) : undefined;
        const { titulo } = body ?? {};
        if (!body || typeof titulo !== 'string' || titulo.length <= TWIN_TITULO_MAX) return undefined;
        // Over our limit too, so the engine refuses it with whatever else is wrong.
        return withBody(current, { ...body, titulo: 'x'.repeat(LIMITS.tituloMaxLength + 1) });
      },
      response: changeFailures('clientes.notificaciones.send', 400, (envelope) => {
        for (const detail of Array.isArray(envelope.details) ? envelope.details : []) {
          if (isObject(detail) && detail.name === 'titulo' && detail.code === 'too_big')
            detail.message = `must be at most ${TWIN_TITULO_MAX} characters`;
        }
      }),
    },
  },
  {
    id: 'tipo-minimum',
    kind: 'limit',
    operationId: 'promociones.list',
    location: 'request.query.tipo',
    describe: 'The document says tipo is at least 1 (ours: at least 0)',
    apply: {
      document(document) {
        (parameter(document, 'promociones.list', 'query', 'tipo').schema as Json).minimum = 1;
      },
    },
  },
  {
    id: 'motivo-required',
    kind: 'parameter',
    operationId: 'clientes.puntos.add',
    location: 'request.body.motivo',
    describe: 'The document says motivo is required when adding points (ours: optional)',
    apply: {
      document(document) {
        const schema = requestSchema(document, 'clientes.puntos.add');
        schema.required = [...((schema.required as string[] | undefined) ?? []), 'motivo'];
      },
    },
  },
  {
    id: 'completo-string',
    kind: 'parameter',
    operationId: 'clientes.retrieve',
    location: 'request.query.completo',
    describe: 'The document says completo is a string (ours: a boolean)',
    apply: {
      document(document) {
        parameter(document, 'clientes.retrieve', 'query', 'completo').schema = { type: 'string' };
      },
    },
  },
  {
    id: 'segmento-added',
    kind: 'field-added',
    operationId: 'clientes.retrieve',
    location: 'response.200.data.segmento',
    describe: 'Customer reads carry a field the SDK does not know: segmento (a string)',
    apply: {
      response: changeRecords('clientes.retrieve', (record) => {
        record.segmento = 'general';
      }),
    },
  },
  {
    id: 'nivel-missing',
    kind: 'field-missing',
    operationId: 'clientes.retrieve',
    location: 'response.200.data.nivel',
    describe: 'Customer reads lack nivel',
    apply: {
      response: changeRecords('clientes.retrieve', (record) => {
        delete record.nivel;
      }),
    },
  },
  {
    id: 'fecha-programada-missing',
    kind: 'field-missing',
    operationId: 'promociones.list',
    location: 'response.200.data[].fechaProgramada',
    describe: 'Promotions lack fechaProgramada (ours: present, null when not scheduled)',
    apply: {
      response: changeRecords('promociones.list', (record) => {
        delete record.fechaProgramada;
      }),
    },
  },
  {
    id: 'puntos-minimos-string',
    kind: 'field-type',
    operationId: 'configuracion.niveles.list',
    location: 'response.200.data[].puntosMinimos',
    describe: 'Levels send puntosMinimos as a string ("1000"), not a number',
    apply: {
      response: changeRecords('configuracion.niveles.list', (record) => {
        record.puntosMinimos = String(record.puntosMinimos);
      }),
    },
  },
  {
    id: 'disparador-null',
    kind: 'field-nullable',
    operationId: 'tareas.list',
    location: 'response.200.data[].disparador',
    describe: 'Tasks send disparador as null (ours: always a string)',
    apply: {
      response: changeRecords('tareas.list', (record) => {
        record.disparador = null;
      }),
    },
  },
  {
    id: 'dry-run-lote',
    kind: 'field-added',
    operationId: 'grupos.puntos.add',
    location: 'response.200.data.loteId',
    describe: 'Group points dry runs carry a field the SDK does not know: loteId (a string)',
    apply: {
      response: changeRecords('grupos.puntos.add', (record) => {
        record.loteId = 'lote_0001';
      }),
    },
  },
  {
    id: 'dry-run-ran',
    kind: 'value',
    operationId: 'grupos.etiquetas.add',
    location: 'response.200.data.dryRun',
    describe: 'Tag dry runs answer dryRun: false, as if the action had run (the spec: nothing is executed)',
    apply: {
      response: (response, exchange) =>
        jsonBody(exchange.request)?.dryRun === true
          ? changeRecords('grupos.etiquetas.add', (record) => {
              record.dryRun = false;
            })!(response, exchange)
          : response,
    },
  },
  {
    id: 'puntos-zero-422',
    kind: 'status',
    operationId: 'clientes.puntos.add',
    location: 'request.body.puntos',
    describe: 'puntos 0 is refused with 422 where the SDK refuses it with 400',
    apply: {
      response(response, exchange) {
        const zero = is('clientes.puntos.add')(exchange) && jsonBody(exchange.request)?.puntos === 0;
        return zero && response.status === 400 ? { ...response, status: 422 } : response;
      },
    },
  },
  {
    id: 'codigo-1001',
    kind: 'error-code',
    operationId: 'tareas.setStatus',
    location: 'response.400.codigoRespuesta',
    describe: 'Invalid task status changes answer codigoRespuesta 1001 (ours 9400)',
    // Safe mode sends no write to a task: no GET names a tareaId alone.
    needs: 'sandbox',
    apply: {
      response: changeFailures('tareas.setStatus', 400, (envelope) => {
        envelope.codigoRespuesta = 1001;
      }),
    },
  },
  {
    id: 'details-keyed',
    kind: 'error-shape',
    operationId: 'promociones.setStatus',
    location: 'response.400.details',
    describe: 'details of an invalid promotion command is an object keyed by field, not our list',
    // Safe mode shows a regaloId names nothing only by promociones.cupones.list, which cupones-gone takes away.
    needs: 'sandbox',
    apply: {
      response: changeFailures('promociones.setStatus', 400, (envelope) => {
        const list = Array.isArray(envelope.details) ? envelope.details : [];
        envelope.details = Object.fromEntries(
          list.filter(isObject).map((detail) => [String(detail.name), String(detail.message)]),
        );
      }),
    },
  },
  {
    id: 'request-id-dropped',
    kind: 'header',
    operationId: 'reportes.catalogo.retrieve',
    location: 'header.X-Request-Id',
    describe: 'The report catalog answers without X-Request-Id (a gateway route that strips it)',
    apply: {
      response(response, exchange) {
        if (!is('reportes.catalogo.retrieve')(exchange)) return response;
        const { 'x-request-id': _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    },
  },
  {
    id: 'correlation-id-added',
    kind: 'header',
    operationId: 'reportes.catalogo.retrieve',
    location: `header.${CORRELATION_HEADER}`,
    describe:
      'The report catalog answers carry X-Correlation-Id, the request id under a name of the service (with request-id-dropped: the request id renamed)',
    apply: {
      response(response, exchange) {
        if (!is('reportes.catalogo.retrieve')(exchange)) return response;
        const requestId = (JSON.parse(response.body) as { meta?: { requestId?: string } }).meta?.requestId;
        return { ...response, headers: { ...response.headers, [CORRELATION_HEADER]: String(requestId) } };
      },
    },
  },
  {
    id: 'comando-looser',
    kind: 'limit',
    operationId: 'promociones.setStatus',
    location: 'request.body.comando',
    describe: `comando over ${LIMITS.comandoMaxLength} characters is not refused (the twin takes up to ${TWIN_COMANDO_MAX}; its document still says ${LIMITS.comandoMaxLength}): the request goes on to an unknown id or command`,
    // As details-keyed: safe mode has no read to aim a promotion's write at nothing.
    needs: 'sandbox',
    apply: {
      request(exchange, current) {
        const body = is('promociones.setStatus')(exchange) ? jsonBody(current) : undefined;
        const { comando } = body ?? {};
        if (!body || typeof comando !== 'string') return undefined;
        if (comando.length <= LIMITS.comandoMaxLength || comando.length > TWIN_COMANDO_MAX) return undefined;
        // Cut to our limit, the engine goes on as the twin would: an unknown command, or an unknown id.
        return withBody(current, { ...body, comando: comando.slice(0, LIMITS.comandoMaxLength) });
      },
    },
  },
  {
    id: 'idempotency-optional',
    kind: 'parameter',
    operationId: 'clientes.puntos.add',
    location: 'request.header.Idempotency-Key',
    describe:
      'The document says Idempotency-Key is optional for adding points (the spec: required); a header parameter of the document, so a parameter finding',
    apply: {
      document(document) {
        parameter(document, 'clientes.puntos.add', 'header', 'Idempotency-Key').required = false;
      },
    },
  },
  // Before no-retry-after: its 429 loses Retry-After too.
  {
    id: 'rate-limit-stricter',
    kind: 'limit',
    operationId: null,
    location: 'rateLimit.requests',
    describe: `A key is let through ${TWIN_RATE_LIMIT.requests} requests a second (not 100), then 429 with Retry-After ${TWIN_RATE_LIMIT.retryAfter}`,
    needs: 'sandbox',
    apply: {
      response(response, exchange) {
        if (response.status === 429 || !overTwinLimit(exchange.kept, exchange.at)) return response;
        const limited = rewriteEnvelope(response, (envelope) => {
          for (const name of Object.keys(envelope)) if (name !== 'meta') delete envelope[name];
          Object.assign(envelope, { codigoRespuesta: 9429, msj: 'Límite de peticiones excedido' });
        });
        const headers = { ...response.headers, 'retry-after': String(TWIN_RATE_LIMIT.retryAfter) };
        return { status: 429, headers, body: limited.body };
      },
    },
  },
  {
    id: 'no-retry-after',
    kind: 'header',
    operationId: null,
    location: 'header.Retry-After',
    describe: '429 answers carry no Retry-After',
    needs: 'sandbox',
    apply: {
      response(response) {
        if (response.status !== 429) return response;
        const { 'retry-after': _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    },
  },
  {
    id: 'replay-unmarked',
    kind: 'idempotency',
    operationId: 'clientes.create',
    location: 'header.Idempotent-Replayed',
    describe: 'A replayed customer creation is not marked Idempotent-Replayed',
    needs: 'sandbox',
    apply: {
      response(response, exchange) {
        if (!is('clientes.create')(exchange)) return response;
        const { 'idempotent-replayed': _dropped, ...headers } = response.headers;
        return { ...response, headers };
      },
    },
  },
  {
    id: 'replay-carried-out',
    kind: 'idempotency',
    operationId: 'clientes.create',
    location: 'idempotency.replay',
    describe:
      'A customer creation sent again with its key and body is carried out again (a second customer), not answered with the original',
    needs: 'sandbox',
    apply: {
      request: rekeyed('clientes.create', (seen, key) => {
        const times = (seen.get(key) as number | undefined) ?? 0;
        seen.set(key, times + 1);
        return times === 0 ? undefined : `again ${times}`;
      }),
    },
  },
  {
    id: 'other-body-carried-out',
    kind: 'idempotency',
    operationId: 'clientes.puntos.add',
    location: 'idempotency.other-body',
    describe:
      'A points key sent again with another body is carried out (the twin keys a request by its body too), not refused with 409',
    needs: 'sandbox',
    apply: {
      request: rekeyed('clientes.puntos.add', (seen, key, _, current) => {
        const body = JSON.stringify(jsonBody(current) ?? null);
        const first = seen.get(key) as string | undefined;
        if (first === undefined) seen.set(key, body);
        return first === undefined || first === body ? undefined : body;
      }),
    },
  },
  {
    id: 'key-per-operation',
    kind: 'idempotency',
    operationId: 'clientes.puntos.add',
    location: 'idempotency.other-operation',
    describe:
      "A key of a customer creation sent to add points is carried out, not refused with 409: the twin's keys are per operation",
    needs: 'sandbox',
    apply: {
      request: rekeyed(undefined, (seen, key, { operation }) => {
        const first = seen.get(key) as string | undefined;
        if (first === undefined) seen.set(key, operation?.id);
        return first === undefined || first === operation?.id ? undefined : operation?.id;
      }),
    },
  },
];

/** The plants a safe run can observe with a key holding every scope. */
export const SAFE_PLANTS: readonly Plant[] = ALL_PLANTS.filter((plant) => plant.needs === undefined);

/** The plants a run with a key holding every scope can observe, in sandbox mode. */
export const SANDBOX_PLANTS: readonly Plant[] = ALL_PLANTS.filter((plant) => plant.needs !== 'scoped-key');
