/**
 * The reference server following a service profile: each kind of calibration on a direct
 * request (the engine), through `createTestClient` and the MSW handlers; a profile that is not
 * one is refused with a message naming the field.
 */
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { BadRequestError, LoyaltyClient } from '../../src/index.js';
import { createLoyaltyHandlers } from '../../src/msw/index.js';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import { LIMITS } from '../../src/operations/limits.js';
import {
  createReferenceEngine,
  createTestClient,
  DEMO_API_KEY,
  type ProfileFact,
} from '../../src/server/internal.js';
import { api, call, newEngine, newIdem } from '../support/in-process-engine.js';
import { serviceProfile } from '../support/service-profile.js';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read field by field
type Loose = any;

const TITULO_MAX = LIMITS.tituloMaxLength - 20;

const calibrations: ProfileFact[] = [
  {
    kind: 'field',
    operationId: 'clientes.retrieve',
    location: 'response.200.data.segmento',
    change: 'added',
    types: ['string'],
    source: 'probe',
  },
  {
    kind: 'field',
    operationId: 'clientes.retrieve',
    location: 'response.200.data.nivel',
    change: 'missing',
    types: [],
    source: 'probe',
  },
  {
    kind: 'field',
    operationId: 'configuracion.niveles.list',
    location: 'response.200.data[].puntosMinimos',
    change: 'type',
    types: ['string'],
    source: 'probe',
  },
  {
    kind: 'field',
    operationId: 'tareas.list',
    location: 'response.200.data[].disparador',
    change: 'nullable',
    types: ['null'],
    source: 'probe',
  },
  {
    kind: 'error-code',
    operationId: 'tareas.setStatus',
    status: 400,
    codigoRespuesta: 1001,
    source: 'probe',
  },
  {
    kind: 'details',
    operationId: 'promociones.setStatus',
    status: 400,
    form: 'keyed',
    values: ['string'],
    source: 'probe',
  },
  {
    kind: 'header',
    operationId: 'reportes.catalogo.retrieve',
    header: 'X-Request-Id',
    present: false,
    source: 'probe',
  },
  { kind: 'operation-missing', operationId: 'promociones.cupones.list', source: 'document' },
  {
    kind: 'status',
    operationId: 'clientes.puntos.add',
    parameter: 'request.body.puntos',
    value: 0,
    from: 400,
    status: 422,
    source: 'probe',
  },
  { kind: 'scope', operationId: 'grupos.nombre.set', scope: 'clientes:write', source: 'document' },
  {
    kind: 'parameter',
    operationId: 'clientes.puntos.add',
    parameter: 'request.body.motivo',
    declared: { required: true },
    source: 'document',
  },
  {
    kind: 'parameter',
    operationId: 'clientes.retrieve',
    parameter: 'request.query.completo',
    declared: { type: 'string' },
    source: 'document',
  },
  {
    kind: 'limit',
    operationId: 'clientes.notificaciones.send',
    parameter: 'request.body.titulo',
    rules: { maxLength: TITULO_MAX },
    source: 'document',
  },
];

const profile = serviceProfile(calibrations);

describe('the engine following a profile', () => {
  const { engine } = newEngine({ profile });
  const { engine: plain } = newEngine();

  it('adds the fields the service was seen to add (an empty value of the observed type) and drops those it lacks', async () => {
    const { json } = await call<Loose>(engine, 'GET', api('/clientes/cli_0001'));
    expect(json.data.segmento).toBe('');
    expect(json.data).not.toHaveProperty('nivel');
    const ours = await call<Loose>(plain, 'GET', api('/clientes/cli_0001'));
    expect(ours.json.data).toHaveProperty('nivel');
    expect(ours.json.data).not.toHaveProperty('segmento');
  });

  it('answers fields in the observed type, and null where the service sent null', async () => {
    const levels = await call<Loose>(engine, 'GET', api('/configuracion/niveles'));
    const ours = await call<Loose>(plain, 'GET', api('/configuracion/niveles'));
    expect(levels.json.data.map((level: Loose) => level.puntosMinimos)).toEqual(
      ours.json.data.map((level: Loose) => String(level.puntosMinimos)),
    );
    const tasks = await call<Loose>(engine, 'GET', api('/tareas'));
    expect(tasks.json.data.length).toBeGreaterThan(0);
    for (const task of tasks.json.data) expect(task.disparador).toBeNull();
  });

  it("refuses with the service's code for the status, and only for that operation and status", async () => {
    const refused = await call(engine, 'POST', api('/tareas/1/status'), { body: { status: 5 } });
    expect([refused.status, refused.json.codigoRespuesta]).toEqual([400, 1001]);
    const unauthorized = await call(engine, 'POST', api('/tareas/1/status'), {
      key: null,
      body: { status: 5 },
    });
    expect(unauthorized.json.codigoRespuesta).toBe(ERROR_CODES.unauthorized);
    const other = await call(engine, 'GET', api('/tareas'), { query: 'loyaltyUnknown=1' });
    expect([other.status, other.json.codigoRespuesta]).toEqual([400, ERROR_CODES.badRequest]);
  });

  it("answers details in the service's form: an object keyed by field", async () => {
    const refused = await call(engine, 'POST', api('/promociones/1/status'), { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.json.details).toEqual({ comando: expect.any(String) });
  });

  it('leaves out the headers the service lacks, on that operation only', async () => {
    const catalog = await call(engine, 'GET', api('/reportes/catalogo'));
    expect(catalog.status).toBe(200);
    expect(catalog.headers).not.toHaveProperty('x-request-id');
    expect((await call(engine, 'GET', api('/tareas'))).headers).toHaveProperty('x-request-id');
  });

  it('enforces a stricter limit, and its OpenAPI document declares it', async () => {
    const send = (titulo: string) =>
      call(engine, 'POST', api('/clientes/cli_0001/notificaciones'), {
        body: { titulo, mensaje: 'Hola' },
        idem: newIdem(),
      });
    const over = await send('x'.repeat(TITULO_MAX + 1));
    expect(over.status).toBe(400);
    expect(over.json.details).toEqual([
      { in: 'body', name: 'titulo', message: `must be at most ${TITULO_MAX} characters`, code: 'too_big' },
    ]);
    expect((await send('x'.repeat(TITULO_MAX))).status).toBe(200);
    // Who calls and with what scope is settled first, as for every other rule.
    const keyless = await call(engine, 'POST', api('/clientes/cli_0001/notificaciones'), {
      key: null,
      body: { titulo: 'x'.repeat(TITULO_MAX + 1), mensaje: 'Hola' },
      idem: newIdem(),
    });
    expect(keyless.status).toBe(401);
    const document = await call<Loose>(engine, 'GET', api('/openapi.json'));
    const schema =
      document.json.data.paths['/ext/v3/clientes/{uid}/notificaciones'].post.requestBody.content[
        'application/json'
      ].schema;
    expect(schema.properties.titulo.maxLength).toBe(TITULO_MAX);
  });
});

describe('the engine following a profile: a status of its own for one rule', () => {
  const { engine } = newEngine({ profile });
  const add = (puntos: unknown) =>
    call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos, motivo: 'x' },
      idem: newIdem(),
    });

  it('answers the observed status to the request the service refused so, and ours to the others', async () => {
    const zero = await add(0);
    expect([zero.status, zero.json.codigoRespuesta]).toEqual([422, ERROR_CODES.badRequest]);
    expect((await add('uno')).status).toBe(400);
    expect((await add(1)).status).toBe(200);
  });
});

describe('the engine following a profile: headers the service adds', () => {
  const { engine } = newEngine({
    profile: {
      ...profile,
      calibrations: [
        factOf('header') as ProfileFact,
        {
          kind: 'header',
          operationId: 'reportes.catalogo.retrieve',
          header: 'X-Correlation-Id',
          present: true,
          type: 'string',
          source: 'probe',
        },
        {
          kind: 'header',
          operationId: null,
          header: 'X-RateLimit-Remaining',
          present: true,
          type: 'integer',
          source: 'probe',
        },
      ],
    },
  });

  it('sends a text header with the request id: X-Request-Id renamed', async () => {
    const catalog = await call(engine, 'GET', api('/reportes/catalogo'));
    expect(catalog.status).toBe(200);
    expect(catalog.headers).not.toHaveProperty('x-request-id');
    expect(catalog.headers['x-correlation-id']).toBe(catalog.json.meta.requestId);
    const refused = await call(engine, 'GET', api('/reportes/catalogo'), { key: null });
    expect(refused.headers['x-correlation-id']).toBe(refused.json.meta.requestId);
    expect((await call(engine, 'GET', api('/tareas'))).headers).not.toHaveProperty('x-correlation-id');
  });

  it('sends a whole-number header with 0 (an empty value of its type), on every operation when the service did', async () => {
    for (const path of ['/reportes/catalogo', '/tareas'])
      expect((await call(engine, 'GET', api(path))).headers['x-ratelimit-remaining']).toBe('0');
  });
});

describe('the engine following a profile: a looser limit a probe measured', () => {
  const TITULO_LOOSER = LIMITS.tituloMaxLength + 30;
  const PUNTOS_LOOSER = LIMITS.puntosPerCall * 2;
  const { engine } = newEngine({
    profile: {
      ...profile,
      calibrations: [
        {
          kind: 'limit',
          operationId: 'clientes.notificaciones.send',
          parameter: 'request.body.titulo',
          rules: { maxLength: TITULO_LOOSER },
          source: 'probe',
        },
        {
          kind: 'limit',
          operationId: 'clientes.puntos.add',
          parameter: 'request.body.puntos',
          rules: { maximum: PUNTOS_LOOSER },
          source: 'probe',
        },
      ],
    },
  });
  const notify = (titulo: unknown) =>
    call(engine, 'POST', api('/clientes/cli_0001/notificaciones'), {
      body: { titulo, mensaje: 'Hola' },
      idem: newIdem(),
    });

  it('takes a string up to the measured length, whole, and refuses one past it as the table does', async () => {
    const taken = await notify('x'.repeat(TITULO_LOOSER));
    expect(taken.status).toBe(200);
    expect(engine.admin.notifications().at(-1)?.titulo).toBe('x'.repeat(TITULO_LOOSER));
    const past = await notify('x'.repeat(TITULO_LOOSER + 1));
    expect(past.status).toBe(400);
    expect(past.json.details).toEqual([
      expect.objectContaining({ in: 'body', name: 'titulo', code: 'too_big' }),
    ]);
  });

  it("still checks the value's other rules", async () => {
    expect((await notify(12_345)).status).toBe(400);
  });

  it('takes a number up to the measured maximum, as sent', async () => {
    const add = (puntos: number) =>
      call(engine, 'POST', api('/clientes/cli_0001/puntos'), { body: { puntos }, idem: newIdem() });
    const before = engine.admin.customer('cli_0001')?.puntos ?? 0;
    expect((await add(PUNTOS_LOOSER)).status).toBe(200);
    expect(engine.admin.customer('cli_0001')?.puntos).toBe(before + PUNTOS_LOOSER);
    expect((await add(PUNTOS_LOOSER + 1)).status).toBe(400);
  });

  it('declares our limit in its OpenAPI document still: the measured limit is how it enforces, not what it declares', async () => {
    const document = await call<Loose>(engine, 'GET', api('/openapi.json'));
    const schema =
      document.json.data.paths['/ext/v3/clientes/{uid}/notificaciones'].post.requestBody.content[
        'application/json'
      ].schema;
    expect(schema.properties.titulo.maxLength).toBe(LIMITS.tituloMaxLength);
  });
});

describe('the engine following a profile: an operation only the service has', () => {
  const KEY = 'lk_profile_test_read_only_0123456789';
  const { engine } = newEngine({
    keys: [
      { key: KEY, scopes: ['clientes:read'] },
      { key: DEMO_API_KEY, scopes: '*' },
    ],
    profile: {
      ...profile,
      calibrations: [
        {
          kind: 'operation-extra',
          operationId: null,
          method: 'POST',
          path: '/ext/v3/clientes/{uid}/email',
          name: 'clientes.email.update',
          scope: 'clientes:write',
          source: 'document',
        },
      ],
    },
  });
  const listed = async (key: string) =>
    (await call<Loose>(engine, 'GET', api('/openapi.json'), { key })).json.data.paths[
      '/ext/v3/clientes/{uid}/email'
    ]?.post;

  it('lists it in its OpenAPI document as the service declared it, for a key holding its scope', async () => {
    expect(await listed(DEMO_API_KEY)).toMatchObject({
      operationId: 'clientes.email.update',
      'x-scope': 'clientes:write',
      summary: expect.stringContaining('does not serve it'),
    });
    expect(await listed(KEY)).toBeUndefined();
  });

  it('answers it as a route it does not have: no answer of it was ever seen', async () => {
    const answer = await call(engine, 'POST', api('/clientes/cli_0001/email'), {
      body: { email: 'a@example.com' },
    });
    expect([answer.status, answer.json.codigoRespuesta]).toEqual([404, ERROR_CODES.routeNotFound]);
  });
});

describe('the engine following a profile: the scope a 403 named', () => {
  const KEY = 'lk_profile_test_no_segmentos_0123456789';
  const { engine } = newEngine({
    keys: [
      { key: KEY, scopes: ['clientes:read', 'clientes:write'] },
      { key: DEMO_API_KEY, scopes: '*' },
    ],
    profile: {
      ...profile,
      calibrations: [
        { kind: 'scope', operationId: 'grupos.nombre.set', scope: 'clientes:write', source: 'probe' },
      ],
    },
  });

  it("a key without our scope is refused with a 403 naming the service's scope; the others as ours", async () => {
    const named = await call(engine, 'POST', api('/grupos/1/nombre'), {
      key: KEY,
      body: { nombre: 'Muestra' },
    });
    expect(named.status).toBe(403);
    expect(named.json.meta.requiredScope).toBe('clientes:write');
    expect(named.json.msj).toContain('clientes:write');
    const other = await call(engine, 'GET', api('/tareas'), { key: KEY });
    expect([other.status, other.json.meta.requiredScope]).toEqual([403, 'tareas:read']);
  });

  it('checks our scope still, and its OpenAPI document declares ours: the 403 is what was seen', async () => {
    const document = await call<Loose>(engine, 'GET', api('/openapi.json'));
    expect(document.json.data.paths['/ext/v3/grupos/{grupoId}/nombre'].post['x-scope']).toBe(
      'segmentos:write',
    );
  });
});

describe('the engine following a profile: keys sent again, as a sandbox run measured them', () => {
  const repeats = (...facts: ProfileFact[]) =>
    newEngine({ profile: { ...profile, calibrations: facts } }).engine;
  const create = (engine: ReturnType<typeof repeats>, idem: string) =>
    call<Loose>(engine, 'POST', api('/clientes'), { body: { usuarioData: { nombre: 'Prueba' } }, idem });
  const addPoints = (engine: ReturnType<typeof repeats>, idem: string, puntos = 1) =>
    call<Loose>(engine, 'POST', api('/clientes/cli_0001/puntos'), { body: { puntos }, idem });

  it('a replay the service carried out again is carried out: another customer, not marked', async () => {
    const engine = repeats({
      kind: 'idempotency',
      operationId: 'clientes.create',
      repeat: 'replay',
      status: 200,
      answer: 'another',
      source: 'probe',
    });
    const idem = newIdem();
    const [first, again] = [await create(engine, idem), await create(engine, idem)];
    expect(again.status).toBe(200);
    expect(again.json.data.uid).not.toBe(first.json.data.uid);
    expect(again.headers).not.toHaveProperty('idempotent-replayed');
    // Another operation's replays are ours still.
    const points = newIdem();
    await addPoints(engine, points);
    expect((await addPoints(engine, points)).headers['idempotent-replayed']).toBe('true');
  });

  it('another body the service carried out is carried out, and is then replayed as its own request', async () => {
    const engine = repeats({
      kind: 'idempotency',
      operationId: 'clientes.puntos.add',
      repeat: 'other-body',
      status: 200,
      codigoRespuesta: 0,
      source: 'probe',
    });
    const idem = newIdem();
    const first = await addPoints(engine, idem, 1);
    const other = await addPoints(engine, idem, 2);
    expect([first.status, other.status]).toEqual([200, 200]);
    expect(other.json.data).not.toEqual(first.json.data);
    for (const [puntos, answer] of [
      [2, other],
      [1, first],
    ] as const) {
      const again = await addPoints(engine, idem, puntos);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json.data).toEqual(answer.json.data);
    }
    // A key of another operation is still refused: that is another measurement.
    const created = newIdem();
    await create(engine, created);
    expect((await addPoints(engine, created)).status).toBe(409);
  });

  it("another operation's key refused otherwise is refused with the service's status and code", async () => {
    const engine = repeats({
      kind: 'idempotency',
      operationId: 'clientes.puntos.add',
      repeat: 'other-operation',
      status: 422,
      codigoRespuesta: 4222,
      source: 'probe',
    });
    const idem = newIdem();
    await create(engine, idem);
    const refused = await addPoints(engine, idem);
    expect([refused.status, refused.json.codigoRespuesta]).toEqual([422, 4222]);
    const points = newIdem();
    await addPoints(engine, points, 1);
    const otherBody = await addPoints(engine, points, 2);
    expect([otherBody.status, otherBody.json.codigoRespuesta]).toEqual([409, ERROR_CODES.conflict]);
  });
});

describe('the engine following a profile: a header of the service as a whole', () => {
  it('leaves Retry-After out of every 429 when the service sent none', async () => {
    const { engine } = newEngine({
      limits: { rateLimit: { limit: 1, windowMs: 60_000 } },
      profile: {
        ...profile,
        calibrations: [
          { kind: 'header', operationId: null, header: 'Retry-After', present: false, source: 'probe' },
        ],
      },
    });
    await call(engine, 'GET', api('/tareas'));
    const limited = await call(engine, 'GET', api('/tareas'));
    expect(limited.status).toBe(429);
    expect(limited.headers).not.toHaveProperty('retry-after');
  });

  it("lets a key through the service's requests a window, then 429 with the service's Retry-After", async () => {
    const rateLimit = {
      kind: 'rate-limit',
      operationId: null,
      requests: 2,
      retryAfter: 7,
      source: 'probe',
    } as const;
    const { engine } = newEngine({ profile: { ...profile, calibrations: [rateLimit] } });
    const statuses = [];
    for (let sent = 0; sent < 3; sent += 1) statuses.push(await call(engine, 'GET', api('/tareas')));
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(statuses[2]?.headers['retry-after']).toBe('7');
  });
});

describe('the engine following a profile: operations and parameters', () => {
  const { engine } = newEngine({ profile });
  const document = async () => (await call<Loose>(engine, 'GET', api('/openapi.json'))).json.data;

  it('answers an operation the service lacks as a route it does not have, and leaves it out of its document', async () => {
    const gone = await call(engine, 'GET', api('/promociones/1/cupones'), {
      query: 'inicio=2025-01-01&fin=2025-01-31',
    });
    expect([gone.status, gone.json.codigoRespuesta]).toEqual([404, ERROR_CODES.routeNotFound]);
    expect(gone.json.meta.scope).toBeNull();
    const { paths } = await document();
    expect(paths['/ext/v3/promociones/{regaloId}/cupones']).toBeUndefined();
    expect(paths['/ext/v3/promociones'].get).toBeDefined();
  });

  it("declares parameters as the service's document does; requests are still checked by our rules", async () => {
    const { paths } = await document();
    const points = paths['/ext/v3/clientes/{uid}/puntos'].post.requestBody.content['application/json'].schema;
    expect(points.required).toContain('motivo');
    const completo = paths['/ext/v3/clientes/{uid}'].get.parameters.find(
      (parameter: Loose) => parameter.name === 'completo',
    );
    expect(completo.schema.type).toBe('string');
    expect(paths['/ext/v3/grupos/{grupoId}/nombre'].post['x-scope']).toBe('clientes:write');
    const added = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: 1 },
      idem: newIdem(),
    });
    expect(added.status).toBe(200);
  });
});

const factOf = (kind: ProfileFact['kind']) => calibrations.find((fact) => fact.kind === kind);

describe('a profile as an option', () => {
  it.each([
    ['not an object', 'yes', /profile must be an object/],
    [
      'another format',
      { ...profile, format: 'other' },
      /profile.format must be 'loyalty-sdk\/service-profile'/,
    ],
    [
      'version 1',
      { ...profile, version: 1 },
      /profile.version 1 is not supported \(this SDK reads version 2/,
    ],
    ['no calibrations', { ...profile, calibrations: undefined }, /profile.calibrations must be an array/],
    [
      'an unknown operation',
      { ...profile, calibrations: [{ ...factOf('error-code'), operationId: 'nope.list' }] },
      /profile.calibrations\[0\].operationId names no operation of the SDK: "nope.list"/,
    ],
    [
      'no operation, but for a header',
      { ...profile, calibrations: [{ ...factOf('error-code'), operationId: null }] },
      /profile.calibrations\[0\].operationId names no operation of the SDK: null/,
    ],
    [
      'an unknown kind',
      { ...profile, calibrations: [{ ...factOf('error-code'), kind: 'mood' }] },
      /profile.calibrations\[0\].kind is unknown: "mood"/,
    ],
    [
      'a field outside data',
      { ...profile, calibrations: [{ ...factOf('field'), location: 'response.200.meta.x' }] },
      /profile.calibrations\[0\].location must name a field of data/,
    ],
    [
      'a scope of no API',
      { ...profile, calibrations: [{ ...factOf('scope'), scope: 'todo:write' }] },
      /profile.calibrations\[0\].scope must be a scope of the API: "todo:write"/,
    ],
    [
      'a limit that is no number',
      { ...profile, calibrations: [{ ...factOf('limit'), rules: { maxLength: '100' } }] },
      /profile.calibrations\[0\].rules.maxLength must be a number/,
    ],
    [
      'a header added without the type of its values',
      {
        ...profile,
        calibrations: [
          { kind: 'header', operationId: null, header: 'X-Trace', present: true, source: 'probe' },
        ],
      },
      /profile.calibrations\[0\].type must be 'integer' or 'string'/,
    ],
    [
      'a key sent again in no way verify sends one',
      {
        ...profile,
        calibrations: [
          {
            kind: 'idempotency',
            operationId: 'clientes.create',
            repeat: 'twice',
            status: 200,
            source: 'probe',
          },
        ],
      },
      /profile.calibrations\[0\].repeat must be one of replay, other-body, other-operation/,
    ],
    [
      'an operation the SDK lacks, outside the API',
      {
        ...profile,
        calibrations: [
          {
            kind: 'operation-extra',
            operationId: null,
            method: 'POST',
            path: '/admin/email',
            name: null,
            scope: null,
            source: 'document',
          },
        ],
      },
      /profile.calibrations\[0\].path must be a path below \/ext\/v3\//,
    ],
    [
      'a rate limit of no requests',
      {
        ...profile,
        calibrations: [
          { kind: 'rate-limit', operationId: null, requests: 0, retryAfter: null, source: 'probe' },
        ],
      },
      /profile.calibrations\[0\].requests must be a whole number of requests, at least 1/,
    ],
    [
      'a Retry-After that is no whole seconds',
      {
        ...profile,
        calibrations: [
          { kind: 'rate-limit', operationId: null, requests: 5, retryAfter: '1', source: 'probe' },
        ],
      },
      /profile.calibrations\[0\].retryAfter must be whole seconds, at least 1, or null/,
    ],
    [
      'a rate limit of one operation',
      {
        ...profile,
        calibrations: [
          { kind: 'rate-limit', operationId: 'tareas.list', requests: 5, retryAfter: null, source: 'probe' },
        ],
      },
      /profile.calibrations\[0\].operationId must be null \(the rate limit is the service's\)/,
    ],
  ])('%s: refused, naming the field', (_, given, message) => {
    expect(() => createReferenceEngine({ profile: given as never })).toThrow(message);
  });
});

describe('every face of the reference server takes a profile', () => {
  it('createTestClient: the client reads what the service answers, and meets its limits', async () => {
    const { client } = await createTestClient({ profile, client: { logLevel: 'off' } });
    const customer = (await client.clientes.retrieve('cli_0001')) as Record<string, unknown>;
    expect(customer.segmento).toBe('');
    expect(customer).not.toHaveProperty('nivel');
    const refused = await client.clientes.notificaciones
      .send('cli_0001', { titulo: 'x'.repeat(TITULO_MAX + 1), mensaje: 'Hola' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadRequestError);
  });

  it('createLoyaltyHandlers: MSW answers as the service', async () => {
    const baseUrl = 'https://loyalty.profile.example';
    const { handlers } = createLoyaltyHandlers({ baseUrl, profile });
    const mocked = setupServer(...handlers);
    mocked.listen({ onUnhandledRequest: 'error' });
    try {
      const client = new LoyaltyClient({
        apiKey: DEMO_API_KEY,
        baseUrl,
        fetch: globalThis.fetch,
        maxRetries: 0,
      });
      const customer = (await client.clientes.retrieve('cli_0001')) as Record<string, unknown>;
      expect(customer.segmento).toBe('');
      expect(customer).not.toHaveProperty('nivel');
    } finally {
      mocked.close();
    }
  });
});
