/**
 * Failures end to end: each refusal of the live server reaches the caller as the SDK error class
 * of its status, carrying the server's fields (codigoRespuesta, requestId, meta, requiredScope,
 * legacy, details, idempotencyKey).
 */
import { inspect } from 'node:util';
import {
  AuthenticationError,
  BadRequestError,
  BUSINESS_RULE_CODES,
  ConflictError,
  type FetchLike,
  LoyaltyApiError,
  LoyaltyClient,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  RouteNotFoundError,
  UnprocessableEntityError,
} from 'loyalty-sdk';
import { ERROR_CODES } from 'loyalty-sdk/operations';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_APP_ID,
  ALL_KEY,
  READER_APP_ID,
  READER_KEY,
  REQUEST_ID,
  rejectionOf,
  UUID_V4,
  useLiveServer,
} from '../support/live-server.js';

const server = useLiveServer();
let client: LoyaltyClient;

beforeAll(() => {
  client = server.client();
});

beforeEach(() => {
  server.admin.reset();
});

const balanceOf = (uid: string) => server.admin.customer(uid)?.puntos;

/** globalThis.fetch behind a hook that may rewrite each request, counting what reaches the network. */
function proxiedFetch(
  rewrite: (init: RequestInit & { headers: Record<string, string> }) => RequestInit = (i) => i,
) {
  const sent: RequestInit[] = [];
  const fetch: FetchLike = (input, init) => {
    const rewritten = rewrite({ ...init, headers: { ...(init.headers as Record<string, string>) } });
    sent.push(rewritten);
    return globalThis.fetch(input, rewritten);
  };
  return { fetch, sent };
}

describe('404 NotFoundError', () => {
  it('an unknown customer is NotFoundError with the server code, requestId and meta', async () => {
    const error = await rejectionOf(client.clientes.retrieve('cli_9999'));
    expect(error).toBeInstanceOf(NotFoundError);
    const notFound = error as NotFoundError;
    expect(notFound.status).toBe(404);
    expect(notFound.codigoRespuesta).toBe(9404);
    expect(notFound.msj).toBeTypeOf('string');
    expect(notFound.requestId).toMatch(REQUEST_ID);
    expect(notFound.headers['x-request-id']).toBe(notFound.requestId);
    expect(notFound.meta).toEqual({
      requestId: notFound.requestId,
      appId: ALL_APP_ID,
      scope: 'clientes:read',
    });
    expect(notFound.operationId).toBe('clientes.retrieve');
    expect(notFound.idempotencyKey).toBeUndefined();
  });

  it('a write to an unknown customer is NotFoundError holding the Idempotency-Key it sent', async () => {
    const error = await rejectionOf(client.clientes.puntos.add('cli_9999', { puntos: 10 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).idempotencyKey).toMatch(UUID_V4);
    expect(server.admin.audit()).toEqual([]);
  });

  it('a uid holding "/" is one path segment: it names an unknown customer, not another route', async () => {
    const error = await rejectionOf(client.clientes.puntos.list('cli_0001/puntos'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).meta?.scope).toBe('puntos:read');
  });

  it('a 404 is not retried', async () => {
    const proxy = proxiedFetch();
    const retrying = server.client({ fetch: proxy.fetch, maxRetries: 2 });
    await expect(retrying.clientes.retrieve('cli_9999')).rejects.toBeInstanceOf(NotFoundError);
    expect(proxy.sent).toHaveLength(1);
  });
});

describe('a wrong baseUrl is told apart from an unknown customer', () => {
  const wrongBase = () =>
    new LoyaltyClient({ apiKey: ALL_KEY, baseUrl: `${server.url}/loyalty`, maxRetries: 0, logLevel: 'off' });

  it('a baseUrl with a path the service lacks (…/loyalty) is RouteNotFoundError, with the route code', async () => {
    const error = await rejectionOf(wrongBase().clientes.retrieve('cli_0001'));
    expect(error).toBeInstanceOf(RouteNotFoundError);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as RouteNotFoundError).codigoRespuesta).toBe(ERROR_CODES.routeNotFound);
    expect((error as RouteNotFoundError).codigoRespuesta).not.toBe(ERROR_CODES.notFound);
  });

  it('its message names the method, the full URL, and the baseUrl the SDK expects', async () => {
    const error = (await rejectionOf(wrongBase().clientes.retrieve('cli_0001'))) as RouteNotFoundError;
    const url = `${server.url}/loyalty/ext/v3/clientes/cli_0001`;
    expect(error.url).toBe(url);
    expect(error.message).toContain(`clientes.retrieve (GET ${url}) failed with 404: no operation`);
    expect(error.message).toContain(
      `baseUrl should be the spec's {base_url}, the address before /ext/v3 (it is ${server.url}/loyalty)`,
    );
  });

  it('an unknown customer is a NotFoundError, not a RouteNotFoundError, and names its request', async () => {
    const error = await rejectionOf(client.clientes.retrieve('cli_9999'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).not.toBeInstanceOf(RouteNotFoundError);
    expect((error as NotFoundError).message).toMatch(
      /^clientes\.retrieve \(GET \/ext\/v3\/clientes\/cli_9999\) failed with 404 \(codigoRespuesta 9404\): /,
    );
  });
});

describe('422 UnprocessableEntityError', () => {
  it('the business rule is a typed code, one of BUSINESS_RULE_CODES', async () => {
    const error = await rejectionOf(client.clientes.puntos.add('cli_0005', { puntos: -321 }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).code).toBe(BUSINESS_RULE_CODES.insufficientBalance);
    expect((error as UnprocessableEntityError).legacy?.codigo).toBe('SALDO_INSUFICIENTE');
  });

  it('removing more than the balance carries legacy SALDO_INSUFICIENTE with the facts', async () => {
    const error = await rejectionOf(
      client.clientes.puntos.add('cli_0005', { puntos: -321, motivo: 'canje' }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const refused = error as UnprocessableEntityError;
    expect(refused.status).toBe(422);
    expect(refused.codigoRespuesta).toBe(9422);
    expect(refused.legacy).toEqual({
      codigo: 'SALDO_INSUFICIENTE',
      uid: 'cli_0005',
      saldo: 320,
      puntos: -321,
    });
    expect((refused.legacy as { codigo: string }).codigo).toBe('SALDO_INSUFICIENTE');
    expect(refused.meta?.legacy).toEqual(refused.legacy);
  });

  it('a refused removal changes neither balance, history nor audit', async () => {
    const history = await client.clientes.puntos.list('cli_0005');
    await rejectionOf(client.clientes.puntos.add('cli_0005', { puntos: -321 }));
    expect(balanceOf('cli_0005')).toBe(320);
    expect(await client.clientes.puntos.list('cli_0005')).toEqual(history);
    expect(server.admin.audit()).toEqual([]);
  });

  it('removing exactly the balance is allowed and leaves 0', async () => {
    expect(await client.clientes.puntos.add('cli_0005', { puntos: -320 })).toMatchObject({ saldo: 0 });
  });
});

describe('403 PermissionDeniedError', () => {
  it('a key without the scope gets PermissionDeniedError naming requiredScope, and nothing is applied', async () => {
    const reader = server.client({ apiKey: READER_KEY });
    const error = await rejectionOf(reader.clientes.puntos.add('cli_0002', { puntos: 10 }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    const denied = error as PermissionDeniedError;
    expect(denied.status).toBe(403);
    expect(denied.codigoRespuesta).toBe(9503);
    expect(denied.requiredScope).toBe('puntos:write');
    expect(denied.meta).toMatchObject({
      appId: READER_APP_ID,
      scope: 'puntos:write',
      requiredScope: 'puntos:write',
    });
    expect(balanceOf('cli_0002')).toBe(0);
  });

  it('the same key is served for the scopes it holds', async () => {
    const reader = server.client({ apiKey: READER_KEY });
    const { meta } = await reader.clientes.retrieve('cli_0002').withResponse();
    expect(meta).toMatchObject({ appId: READER_APP_ID, scope: 'clientes:read' });
  });

  it('a key without the scope may still read the help of the operation', async () => {
    const reader = server.client({ apiKey: READER_KEY });
    expect(await reader.help('clientes.puntos.add')).toMatch(
      /^clientes\.puntos\.add: .*\n[\s\S]*Scope: puntos:write/,
    );
  });
});

describe('401 AuthenticationError', () => {
  const UNKNOWN_KEY = 'e2e-unknown-key-never-configured-91c3';

  it('an unknown key is AuthenticationError with codigoRespuesta 9501 and appId 0', async () => {
    const stranger = server.client({ apiKey: UNKNOWN_KEY });
    const error = await rejectionOf(stranger.tareas.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    const refused = error as AuthenticationError;
    expect(refused.status).toBe(401);
    expect(refused.codigoRespuesta).toBe(9501);
    expect(refused.meta).toMatchObject({ appId: 0, scope: 'tareas:read' });
  });

  it('the error never shows the key, in its message, JSON or inspection', async () => {
    const stranger = server.client({ apiKey: UNKNOWN_KEY });
    const error = await rejectionOf(stranger.clientes.puntos.add('cli_0001', { puntos: 1 }));
    expect(error).toBeInstanceOf(AuthenticationError);
    for (const shown of [String(error), JSON.stringify(error), inspect(error, { depth: 10 })]) {
      expect(shown).not.toContain(UNKNOWN_KEY);
    }
  });

  it('the help of an operation needs a valid key too', async () => {
    const stranger = server.client({ apiKey: UNKNOWN_KEY });
    await expect(stranger.help('tareas.list')).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('409 ConflictError', () => {
  it('the same idempotencyKey with a different body is ConflictError; only the first is applied', async () => {
    const idempotencyKey = 'e2e-conflict-key-0001';
    await client.clientes.puntos.add('cli_0002', { puntos: 10, motivo: 'primera' }, { idempotencyKey });
    const error = await rejectionOf(
      client.clientes.puntos.add('cli_0002', { puntos: 11, motivo: 'primera' }, { idempotencyKey }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    const conflict = error as ConflictError;
    expect(conflict.status).toBe(409);
    expect(conflict.codigoRespuesta).toBe(9409);
    expect(conflict.idempotencyKey).toBe(idempotencyKey);
    expect(balanceOf('cli_0002')).toBe(10);
    expect(server.admin.audit().map((entry) => entry.puntos)).toEqual([10]);
  });

  it('the same idempotencyKey on another customer is ConflictError', async () => {
    const idempotencyKey = 'e2e-conflict-key-0002';
    await client.clientes.puntos.add('cli_0002', { puntos: 10 }, { idempotencyKey });
    await expect(
      client.clientes.puntos.add('cli_0003', { puntos: 10 }, { idempotencyKey }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(balanceOf('cli_0003')).toBe(980);
  });

  it('the same idempotencyKey on another operation is ConflictError', async () => {
    const idempotencyKey = 'e2e-conflict-key-0003';
    await client.clientes.update('cli_0002', { ciudad: 'Cali' }, { idempotencyKey });
    await expect(
      client.clientes.notificaciones.send('cli_0002', { titulo: 'T', mensaje: 'M' }, { idempotencyKey }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(server.admin.notifications()).toEqual([]);
  });
});

/*
 * 400 BadRequestError. The client checks every argument with the operation table's
 * `validateRequest`, the very function the server runs on arrival, and it owns the headers the
 * server reads (apikey, Idempotency-Key, Content-Type: request `headers` may not set them). So
 * no argument of an SDK method, cast or not, reaches the server invalid: it throws
 * LoyaltyValidationError first and sends nothing (asserted below). The server's own 400s are
 * covered request by request in test/conformance/validation.test.ts.
 *
 * What the client cannot pre-validate is what happens to a request after it leaves: a proxy or
 * gateway that drops a header or rewrites the body. A `fetch` that does so stands in for one.
 */
describe('400 BadRequestError', () => {
  it('a proxy that drops Idempotency-Key gets BadRequestError whose details name the header', async () => {
    const proxy = proxiedFetch((init) => {
      const { 'idempotency-key': _dropped, ...headers } = init.headers;
      return { ...init, headers };
    });
    const proxied = server.client({ fetch: proxy.fetch });
    const error = await rejectionOf(proxied.clientes.puntos.add('cli_0002', { puntos: 10 }));
    expect(error).toBeInstanceOf(BadRequestError);
    const bad = error as BadRequestError;
    expect(bad.status).toBe(400);
    expect(bad.codigoRespuesta).toBe(9400);
    expect(bad.details).toEqual([
      { in: 'header', name: 'Idempotency-Key', message: expect.stringMatching(/required/), code: 'custom' },
    ]);
    expect(balanceOf('cli_0002')).toBe(0);
  });

  it('a gateway that turns numbers into strings gets BadRequestError naming body.puntos', async () => {
    const proxy = proxiedFetch((init) => ({
      ...init,
      body: String(init.body).replace(/"puntos":(-?[\d.]+)/, '"puntos":"$1"'),
    }));
    const proxied = server.client({ fetch: proxy.fetch });
    const error = await rejectionOf(proxied.clientes.puntos.add('cli_0002', { puntos: 25 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).details).toEqual([
      { in: 'body', name: 'puntos', message: 'must be a number', code: 'invalid_type' },
    ]);
  });

  it("a gateway that drops the body's fields gets BadRequestError saying puntos is required", async () => {
    const proxy = proxiedFetch((init) => ({ ...init, body: '{}' }));
    const proxied = server.client({ fetch: proxy.fetch });
    const error = await rejectionOf(proxied.clientes.puntos.add('cli_0002', { puntos: 25 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).details).toEqual([
      { in: 'body', name: 'puntos', message: 'is required', code: 'invalid_type' },
    ]);
  });

  it('a proxy that cuts the body short gets BadRequestError with an invalid_json detail', async () => {
    const proxy = proxiedFetch((init) => ({ ...init, body: String(init.body).slice(0, 5) }));
    const proxied = server.client({ fetch: proxy.fetch });
    const error = await rejectionOf(proxied.grupos.nombre.set(1, { nombre: 'Cortado' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).details).toEqual([
      { in: 'body', name: '', message: expect.stringMatching(/^is not valid JSON/), code: 'invalid_json' },
    ]);
  });

  it('a 400 is not retried', async () => {
    const proxy = proxiedFetch((init) => ({ ...init, body: '{' }));
    const proxied = server.client({ fetch: proxy.fetch, maxRetries: 2 });
    await expect(proxied.tareas.setStatus(1, { status: 0 })).rejects.toBeInstanceOf(BadRequestError);
    expect(proxy.sent).toHaveLength(1);
  });

  it.each([
    ['puntos 0', (c: LoyaltyClient) => c.clientes.puntos.add('cli_0002', { puntos: 0 })],
    ['puntos over 10000', (c: LoyaltyClient) => c.clientes.puntos.add('cli_0002', { puntos: 10_001 })],
    ['a uid of ".."', (c: LoyaltyClient) => c.clientes.retrieve('..')],
    [
      'fin before inicio',
      (c: LoyaltyClient) => c.promociones.cupones.list(1, { inicio: '2025-02-02', fin: '2025-02-01' }),
    ],
    [
      'an unknown body field (cast past the types)',
      (c: LoyaltyClient) => c.clientes.update('cli_0002', { email: 'x@example.com' } as never),
    ],
    [
      'a short idempotencyKey',
      (c: LoyaltyClient) => c.grupos.nombre.set(1, { nombre: 'G' }, { idempotencyKey: 'short' }),
    ],
  ])('%s is LoyaltyValidationError and nothing is sent', async (_name, call) => {
    const proxy = proxiedFetch();
    const error = await rejectionOf(call(server.client({ fetch: proxy.fetch })));
    expect(error).toBeInstanceOf(LoyaltyValidationError);
    expect(error).not.toBeInstanceOf(LoyaltyApiError);
    expect(proxy.sent).toHaveLength(0);
  });
});

/*
 * Everything the SDK throws is a `LoyaltyError` (docs/errors-and-retries.md). These arguments would
 * break encodeURIComponent and JSON.stringify; the table's schemas refuse them before that.
 */
describe('arguments that cannot be encoded', () => {
  it('a uid holding a lone surrogate rejects with a LoyaltyValidationError and nothing is sent', async () => {
    const proxy = proxiedFetch();
    const error = await rejectionOf(server.client({ fetch: proxy.fetch }).clientes.retrieve('cli_\uD800'));
    expect(error).toBeInstanceOf(LoyaltyValidationError);
    expect(proxy.sent).toHaveLength(0);
  });

  it('a BigInt inside usuarioData rejects with a LoyaltyValidationError naming it, and nothing is sent', async () => {
    const proxy = proxiedFetch();
    // Other keys of usuarioData must be JSON values; the types say so, a JavaScript caller may not listen.
    const usuarioData = { nombre: 'Big', extra: 10n } as unknown as { nombre: string };
    const error = await rejectionOf(server.client({ fetch: proxy.fetch }).clientes.create({ usuarioData }));
    expect(error).toBeInstanceOf(LoyaltyValidationError);
    expect((error as LoyaltyValidationError).issues.map((issue) => issue.path)).toEqual([
      ['body', 'usuarioData', 'extra'],
    ]);
    expect(proxy.sent).toHaveLength(0);
  });
});
