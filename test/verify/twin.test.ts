/**
 * The divergent twin differs from the reference server exactly as planted (each plant's effect
 * seen on a direct request, beside a twin with no plants), and a safe verify run against it finds
 * each plant a safe run can observe, by kind, operation and location, and nothing else.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, LIMITS } from '../../src/operations/limits.js';
import { type OperationId, tableOperation } from '../../src/operations/table.js';
import type { EngineRequest, EngineResponse } from '../../src/server/internal.js';
import type { FindingKind } from '../../src/verify/types.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { createDivergentTwin, type DivergentTwin } from './divergent-twin.js';
import {
  ALL_PLANTS,
  CORRELATION_HEADER,
  type OpenApiDocument,
  SAFE_PLANTS,
  SCOPE_LACKED,
  SCOPE_NAMED,
  SCOPED_KEY_SCOPES,
  TWIN_RATE_LIMIT,
} from './planted.js';

/** Every kind of finding; the type makes the list whole. */
const EVERY_KIND: Record<FindingKind, true> = {
  'operation-missing': true,
  'operation-extra': true,
  scope: true,
  parameter: true,
  'field-added': true,
  'field-missing': true,
  'field-type': true,
  'field-nullable': true,
  status: true,
  'error-code': true,
  'error-shape': true,
  header: true,
  limit: true,
  idempotency: true,
  value: true,
};

const twin = createDivergentTwin();
const plain = createDivergentTwin([]);

// biome-ignore lint/suspicious/noExplicitAny: answers and documents are read field by field in the assertions
type Loose = any;

interface Sent {
  status: number;
  headers: Record<string, string>;
  body: Loose;
}

/** One request to a twin: the path below /ext/v3 with `{name}` filled from the twin's samples. */
async function send(
  target: DivergentTwin,
  method: string,
  path: string,
  options: { query?: string; body?: unknown; idempotencyKey?: string } = {},
): Promise<Sent> {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: keyof DivergentTwin['samples']) =>
    encodeURIComponent(String(target.samples[name][0])),
  );
  const request: EngineRequest = {
    method,
    path: `${API_PREFIX}${filled}`,
    query: options.query ?? '',
    headers: {
      apikey: target.apiKey,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  };
  const response: EngineResponse = await target.handle(request);
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {}
  return { status: response.status, headers: response.headers, body };
}

/** The same request to the twin and to a twin with no plants. */
async function both(...args: Parameters<typeof send> extends [unknown, ...infer Rest] ? Rest : never) {
  return { planted: await send(twin, ...args), reference: await send(plain, ...args) };
}

const pathOf = (id: OperationId) => tableOperation(id).path;

async function documents(): Promise<{ planted: OpenApiDocument; reference: OpenApiDocument }> {
  const { planted, reference } = await both('GET', pathOf('openapi.retrieve'));
  return { planted: planted.body.data, reference: reference.body.data };
}

const entry = (document: OpenApiDocument, id: OperationId) => {
  const operation = tableOperation(id);
  return document.paths[`${API_PREFIX}${operation.path}`]?.[operation.method.toLowerCase()] as Loose;
};

const headerParameter = (document: OpenApiDocument, id: OperationId, name: string) =>
  entry(document, id).parameters.find(
    (parameter: Loose) => parameter.in === 'header' && parameter.name === name,
  );

const key = () => randomUUID();

/** For each plant, a direct request that shows it. */
const EVIDENCE: Record<string, () => Promise<void>> = {
  async 'cupones-gone'() {
    const { planted, reference } = await both('GET', pathOf('promociones.cupones.list'), {
      query: 'inicio=2025-01-01&fin=2025-01-31',
    });
    expect([planted.status, reference.status]).toEqual([404, 200]);
    const { planted: document } = await documents();
    expect(entry(document, 'promociones.cupones.list')).toBeUndefined();
    expect(entry(document, 'promociones.list')).toBeDefined();
  },
  async 'email-change-extra'() {
    const { planted, reference } = await documents();
    const extra = `${API_PREFIX}${pathOf('clientes.retrieve')}/email`;
    expect(planted.paths[extra]?.post).toBeDefined();
    expect(reference.paths[extra]).toBeUndefined();
  },
  async 'nombre-scope'() {
    const { planted, reference } = await documents();
    expect(entry(reference, 'grupos.nombre.set')['x-scope']).toBe(tableOperation('grupos.nombre.set').scope);
    expect(entry(planted, 'grupos.nombre.set')['x-scope']).toBe(tableOperation('clientes.update').scope);
  },
  async 'forbidden-names-other-scope'() {
    const plant = ALL_PLANTS.filter((one) => one.id === 'forbidden-names-other-scope');
    const { method, path } = tableOperation('grupos.nombre.set');
    const [planted, reference] = await Promise.all(
      [
        createDivergentTwin(plant, { scopes: SCOPED_KEY_SCOPES }),
        createDivergentTwin([], { scopes: SCOPED_KEY_SCOPES }),
      ].map((target) => send(target, method, path, { body: { nombre: 'Muestra' } })),
    );
    expect([planted?.status, reference?.status]).toEqual([403, 403]);
    expect(planted?.body.meta.requiredScope).toBe(SCOPE_NAMED);
    expect(reference?.body.meta.requiredScope).toBe(SCOPE_LACKED);
  },
  async 'titulo-stricter'() {
    const titulo = 'x'.repeat(LIMITS.tituloMaxLength - 10);
    const { planted, reference } = await both('POST', pathOf('clientes.notificaciones.send'), {
      body: { titulo, mensaje: 'Hola' },
      idempotencyKey: key(),
    });
    expect([planted.status, reference.status]).toEqual([400, 200]);
    expect(planted.body.details).toEqual([expect.objectContaining({ in: 'body', name: 'titulo' })]);
    const documented = await documents();
    const maxLength = (document: OpenApiDocument) =>
      entry(document, 'clientes.notificaciones.send').requestBody.content['application/json'].schema
        .properties.titulo.maxLength;
    expect(maxLength(documented.reference)).toBe(LIMITS.tituloMaxLength);
    expect(maxLength(documented.planted)).toBeLessThan(titulo.length);
  },
  async 'tipo-minimum'() {
    const { planted, reference } = await documents();
    const minimum = (document: OpenApiDocument) =>
      entry(document, 'promociones.list').parameters.find((parameter: Loose) => parameter.name === 'tipo')
        .schema.minimum;
    expect([minimum(planted), minimum(reference)]).toEqual([1, 0]);
  },
  async 'motivo-required'() {
    const { planted, reference } = await documents();
    const required = (document: OpenApiDocument) =>
      entry(document, 'clientes.puntos.add').requestBody.content['application/json'].schema.required;
    expect(required(planted)).toContain('motivo');
    expect(required(reference)).not.toContain('motivo');
  },
  async 'completo-string'() {
    const { planted, reference } = await documents();
    const type = (document: OpenApiDocument) =>
      entry(document, 'clientes.retrieve').parameters.find(
        (parameter: Loose) => parameter.name === 'completo',
      ).schema.type;
    expect([type(planted), type(reference)]).toEqual(['string', 'boolean']);
  },
  async 'segmento-added'() {
    const { planted, reference } = await both('GET', pathOf('clientes.retrieve'));
    expect(planted.body.data).toHaveProperty('segmento');
    expect(reference.body.data).not.toHaveProperty('segmento');
  },
  async 'nivel-missing'() {
    const { planted, reference } = await both('GET', pathOf('clientes.retrieve'));
    expect(planted.body.data).not.toHaveProperty('nivel');
    expect(reference.body.data).toHaveProperty('nivel');
  },
  async 'fecha-programada-missing'() {
    const { planted, reference } = await both('GET', pathOf('promociones.list'));
    expect(planted.body.data.length).toBeGreaterThan(0);
    for (const record of planted.body.data) expect(record).not.toHaveProperty('fechaProgramada');
    for (const record of reference.body.data) expect(record).toHaveProperty('fechaProgramada');
  },
  async 'puntos-minimos-string'() {
    const { planted, reference } = await both('GET', pathOf('configuracion.niveles.list'));
    for (const record of planted.body.data) expect(typeof record.puntosMinimos).toBe('string');
    for (const record of reference.body.data) expect(typeof record.puntosMinimos).toBe('number');
  },
  async 'disparador-null'() {
    const { planted, reference } = await both('GET', pathOf('tareas.list'));
    for (const record of planted.body.data) expect(record.disparador).toBeNull();
    for (const record of reference.body.data) expect(typeof record.disparador).toBe('string');
  },
  async 'dry-run-ran'() {
    const { planted, reference } = await both('POST', pathOf('grupos.etiquetas.add'), {
      body: { dryRun: true, etiqueta: 'verify' },
      idempotencyKey: key(),
    });
    expect([planted.body.data.dryRun, reference.body.data.dryRun]).toEqual([false, true]);
  },
  async 'dry-run-lote'() {
    const { planted, reference } = await both('POST', pathOf('grupos.puntos.add'), {
      body: { dryRun: true, puntos: 1 },
      idempotencyKey: key(),
    });
    expect([planted.status, reference.status]).toEqual([200, 200]);
    expect(planted.body.data).toHaveProperty('loteId');
    expect(reference.body.data).not.toHaveProperty('loteId');
  },
  async 'puntos-zero-422'() {
    const { planted, reference } = await both('POST', pathOf('clientes.puntos.add'), {
      body: { puntos: 0 },
      idempotencyKey: key(),
    });
    expect([planted.status, reference.status]).toEqual([422, 400]);
  },
  async 'codigo-1001'() {
    const { planted, reference } = await both('POST', pathOf('tareas.setStatus'), { body: { status: 5 } });
    expect([planted.status, reference.status]).toEqual([400, 400]);
    expect([planted.body.codigoRespuesta, reference.body.codigoRespuesta]).toEqual([1001, 9400]);
  },
  async 'details-keyed'() {
    const { planted, reference } = await both('POST', pathOf('promociones.setStatus'), { body: {} });
    expect([planted.status, reference.status]).toEqual([400, 400]);
    expect(Array.isArray(reference.body.details)).toBe(true);
    expect(planted.body.details).toEqual({ comando: expect.any(String) });
  },
  async 'request-id-dropped'() {
    const { planted, reference } = await both('GET', pathOf('reportes.catalogo.retrieve'));
    expect(planted.headers).not.toHaveProperty('x-request-id');
    expect(reference.headers['x-request-id']).toBe(reference.body.meta.requestId);
    const other = await send(twin, 'GET', pathOf('tareas.list'));
    expect(other.headers['x-request-id']).toBe(other.body.meta.requestId);
  },
  async 'correlation-id-added'() {
    const { planted, reference } = await both('GET', pathOf('reportes.catalogo.retrieve'));
    expect(planted.headers[CORRELATION_HEADER]).toBe(planted.body.meta.requestId);
    expect(reference.headers).not.toHaveProperty(CORRELATION_HEADER);
    const other = await send(twin, 'GET', pathOf('tareas.list'));
    expect(other.headers).not.toHaveProperty(CORRELATION_HEADER);
  },
  async 'comando-looser'() {
    const comando = 'x'.repeat(LIMITS.comandoMaxLength + 1);
    const { planted, reference } = await both('POST', pathOf('promociones.setStatus'), { body: { comando } });
    expect(reference.status).toBe(400);
    expect(planted.status).toBe(422);
    const { planted: document } = await documents();
    expect(
      entry(document, 'promociones.setStatus').requestBody.content['application/json'].schema.properties
        .comando.maxLength,
    ).toBe(LIMITS.comandoMaxLength);
  },
  async 'idempotency-optional'() {
    const { planted, reference } = await documents();
    expect(headerParameter(planted, 'clientes.puntos.add', 'Idempotency-Key').required).toBe(false);
    expect(headerParameter(reference, 'clientes.puntos.add', 'Idempotency-Key').required).toBe(true);
  },
  async 'no-retry-after'() {
    const limited = { limits: { rateLimit: { limit: 1, windowMs: 60_000 } } };
    const burst = async (target: DivergentTwin) => {
      await send(target, 'GET', pathOf('tareas.list'));
      return send(target, 'GET', pathOf('tareas.list'));
    };
    const planted = await burst(createDivergentTwin(ALL_PLANTS, limited));
    const reference = await burst(createDivergentTwin([], limited));
    expect([planted.status, reference.status]).toEqual([429, 429]);
    expect(planted.headers).not.toHaveProperty('retry-after');
    expect(reference.headers).toHaveProperty('retry-after');
  },
  async 'rate-limit-stricter'() {
    const plant = ALL_PLANTS.filter((one) => one.id === 'rate-limit-stricter');
    const burst = async (target: DivergentTwin) => {
      for (let sent = 0; sent < TWIN_RATE_LIMIT.requests; sent += 1)
        expect((await send(target, 'GET', pathOf('tareas.list'))).status).toBe(200);
      return send(target, 'GET', pathOf('tareas.list'));
    };
    const [planted, reference] = [
      await burst(createDivergentTwin(plant)),
      await burst(createDivergentTwin([])),
    ];
    expect([planted.status, reference.status]).toEqual([429, 200]);
    expect(planted.headers['retry-after']).toBe(String(TWIN_RATE_LIMIT.retryAfter));
    expect(planted.body).toMatchObject({ codigoRespuesta: 9429 });
  },
  async 'replay-unmarked'() {
    const replay = async (target: DivergentTwin) => {
      const options = { body: { usuarioData: { nombre: 'Prueba' } }, idempotencyKey: key() };
      await send(target, 'POST', pathOf('clientes.create'), options);
      return send(target, 'POST', pathOf('clientes.create'), options);
    };
    const [planted, reference] = [await replay(twin), await replay(plain)];
    expect([planted.status, reference.status]).toEqual([200, 200]);
    expect(planted.headers).not.toHaveProperty('idempotent-replayed');
    expect(reference.headers['idempotent-replayed']).toBe('true');
  },
  async 'replay-carried-out'() {
    const twice = async (target: DivergentTwin) => {
      const options = { body: { usuarioData: { nombre: 'Prueba' } }, idempotencyKey: key() };
      const first = await send(target, 'POST', pathOf('clientes.create'), options);
      const again = await send(target, 'POST', pathOf('clientes.create'), options);
      return [first.body.data.uid === again.body.data.uid, again.status];
    };
    expect(await twice(twin)).toEqual([false, 200]);
    expect(await twice(plain)).toEqual([true, 200]);
  },
  async 'other-body-carried-out'() {
    const otherBody = async (target: DivergentTwin) => {
      const idempotencyKey = key();
      await send(target, 'POST', pathOf('clientes.puntos.add'), { body: { puntos: 1 }, idempotencyKey });
      return (
        await send(target, 'POST', pathOf('clientes.puntos.add'), { body: { puntos: 2 }, idempotencyKey })
      ).status;
    };
    expect([await otherBody(twin), await otherBody(plain)]).toEqual([200, 409]);
  },
  async 'key-per-operation'() {
    const otherOperation = async (target: DivergentTwin) => {
      const idempotencyKey = key();
      await send(target, 'POST', pathOf('clientes.create'), {
        body: { usuarioData: { nombre: 'Prueba' } },
        idempotencyKey,
      });
      return (
        await send(target, 'POST', pathOf('clientes.puntos.add'), { body: { puntos: 1 }, idempotencyKey })
      ).status;
    };
    expect([await otherOperation(twin), await otherOperation(plain)]).toEqual([200, 409]);
  },
};

describe('the divergent twin', () => {
  it('plants at least 15 differences a safe run can see, of every kind a finding has', () => {
    expect(SAFE_PLANTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(ALL_PLANTS.map((plant) => plant.kind))).toEqual(new Set(Object.keys(EVERY_KIND)));
    expect(new Set(ALL_PLANTS.map((plant) => plant.id)).size).toBe(ALL_PLANTS.length);
  });

  it('shows each plant on a direct request', () => {
    expect(Object.keys(EVIDENCE).sort()).toEqual(ALL_PLANTS.map((plant) => plant.id).sort());
  });

  it.each(ALL_PLANTS.map((plant) => [plant.id, plant.describe] as const))('%s: %s', async (id) => {
    await EVIDENCE[id]?.();
  });
});

/** What identifies a finding, and a plant: kind, operation and location. */
const keyOf = (item: { kind: string; operationId: string | null; location: string }) =>
  `${item.kind} ${item.operationId ?? '(service)'} ${item.location}`;

/** The safe runs and their twins share a virtual clock: the pace costs no real time. */
const clock = createVirtualClock();

/** A safe run against a twin on `clock`, in process, with the twin's samples. */
async function verifyTwin(target: DivergentTwin) {
  const { verifyServiceWithClock } = await import('../../src/verify/verify.js');
  return verifyServiceWithClock(
    {
      baseUrl: 'http://twin.invalid',
      apiKey: target.apiKey,
      mode: 'safe',
      samples: target.samples,
      // Under the twin's own rate limit (the engine's default, 100 a second): a 429 stops a safe run.
      maxRequestsPerSecond: 50,
      dispatcher: target.dispatcher,
    },
    clock,
  );
}

describe('a safe verify run against the twin', () => {
  const target = createDivergentTwin(ALL_PLANTS, { now: clock.now });
  const sample = target.admin.customer(target.samples.uid[0] as string);
  let run: ReturnType<typeof verifyTwin> | undefined;
  /** One run, shared by the tests that read it. */
  const plantedRun = () => {
    run ??= verifyTwin(target);
    return run;
  };

  it('finds each plant a safe run can see, by kind, operation and location, and nothing else', async () => {
    const result = await plantedRun();
    const planted = new Set(SAFE_PLANTS.map(keyOf));
    const found = new Set(result.findings.map(keyOf));
    const missed = SAFE_PLANTS.filter((plant) => !found.has(keyOf(plant))).map(
      (plant) => `${keyOf(plant)}  (${plant.id}: ${plant.describe})`,
    );
    const extra = result.findings
      .filter((finding) => !planted.has(keyOf(finding)))
      .map(
        (finding) =>
          `${keyOf(finding)}  expected ${JSON.stringify(finding.expected)}, observed ${JSON.stringify(finding.observed)}`,
      );
    const diff = [
      `missed (${missed.length}):`,
      ...missed.map((line) => `  - ${line}`),
      `reported but not planted (${extra.length}):`,
      ...extra.map((line) => `  + ${line}`),
    ].join('\n');
    expect({ missed, extra }, diff).toEqual({ missed: [], extra: [] });
    expect(result.verdict).toBe('differs');
    expect(JSON.stringify(result)).not.toContain(twin.apiKey);
  });

  it('finds nothing in a twin with no plants: the layer itself changes nothing', async () => {
    const result = await verifyTwin(createDivergentTwin([], { now: clock.now }));
    expect(result.findings.map(keyOf)).toEqual([]);
    expect(result.verdict).toBe('agrees');
  });

  it('sends the twin only what safe mode allows (reads, refusals, dry runs), and changes nothing', async () => {
    const result = await plantedRun();
    for (const request of result.requests) {
      if (request.method === 'GET') continue;
      expect(['refusal', 'dry-run'], `${request.method} ${request.path}`).toContain(request.purpose);
    }
    expect(target.admin.audit()).toEqual([]);
    expect(target.admin.notifications()).toEqual([]);
    expect(target.admin.customer(target.samples.uid[0] as string)).toEqual(sample);
  });
});
