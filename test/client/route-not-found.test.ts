/**
 * Every API error names its request (operation, method, path); a 404 that names no missing
 * resource is a RouteNotFoundError naming the full URL and the baseUrl to check.
 */
import { describe, expect, it } from 'vitest';
import { LoyaltyApiError, type LoyaltyClient, NotFoundError, RouteNotFoundError } from '../../src/index.js';
import { ERROR_CODES } from '../../src/operations/index.js';
import { clientFor, failure, json, type Reply, rejection, text, useStub } from '../support/stub-server.js';

const stub = useStub();

const quiet = (baseUrl?: string) => clientFor(stub, { maxRetries: 0, ...(baseUrl ? { baseUrl } : {}) });

describe('every API error names the request it answers', () => {
  it.each([400, 401, 403, 404, 409, 422, 429, 500, 503])(
    'a %i names the operation, method and path: clientes.puntos.add (POST /ext/v3/clientes/u-1/puntos)',
    async (status) => {
      stub.script(failure(status, { codigoRespuesta: 9000 + status }));
      const error = await rejection(quiet().clientes.puntos.add('u-1', { puntos: 5 }));
      expect(error).toBeInstanceOf(LoyaltyApiError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^clientes\\.puntos\\.add \\(POST /ext/v3/clientes/u-1/puntos\\) failed with ${status} \\(codigoRespuesta ${9000 + status}\\)`,
        ),
      );
    },
  );

  it('the path is shown without its query', async () => {
    stub.script(failure(404, { codigoRespuesta: 9404 }));
    const call = quiet().promociones.cupones.list(7, { inicio: '2024-01-01', fin: '2024-01-31' });
    const error = (await rejection(call)) as Error;
    expect(error.message).toMatch(
      /^promociones\.cupones\.list \(GET \/ext\/v3\/promociones\/7\/cupones\) failed/,
    );
  });
});

describe('a 404 that names a missing resource stays a NotFoundError', () => {
  it('an envelope 404 with the resource code on an operation with a path parameter', async () => {
    stub.script(failure(404, { codigoRespuesta: ERROR_CODES.notFound, msj: 'Cliente no encontrado' }));
    const error = await rejection(quiet().clientes.retrieve('cli_9999'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).not.toBeInstanceOf(RouteNotFoundError);
    expect((error as Error).message).toBe(
      'clientes.retrieve (GET /ext/v3/clientes/cli_9999) failed with 404 (codigoRespuesta 9404): Cliente no encontrado [requestId req-404]',
    );
  });
});

const routeMisses: [string, Reply, (client: LoyaltyClient) => PromiseLike<unknown>, string][] = [
  [
    'an envelope 404 with the route code',
    failure(404, { codigoRespuesta: ERROR_CODES.routeNotFound, msj: 'Ruta no encontrada' }),
    (client) => client.clientes.retrieve('cli_0001'),
    '/ext/v3/clientes/cli_0001',
  ],
  [
    'a 404 whose body is not the envelope',
    text(404, 'Cannot GET /loyalty/ext/v3/clientes/cli_0001', { 'content-type': 'text/html' }),
    (client) => client.clientes.retrieve('cli_0001'),
    '/ext/v3/clientes/cli_0001',
  ],
  [
    'a 404 whose JSON is not the envelope',
    json(404, { error: 'not found' }),
    (client) => client.clientes.retrieve('cli_0001'),
    '/ext/v3/clientes/cli_0001',
  ],
  [
    'an envelope 404 on an operation without path parameters',
    failure(404, { codigoRespuesta: ERROR_CODES.notFound }),
    (client) => client.tareas.list(),
    '/ext/v3/tareas',
  ],
];

describe('a 404 that names no resource is a RouteNotFoundError', () => {
  it.each(routeMisses)('%s is a RouteNotFoundError, still a NotFoundError', async (_case, reply, call) => {
    stub.script(reply);
    const error = await rejection(call(quiet(`${stub.baseUrl}/loyalty`)));
    expect(error).toBeInstanceOf(RouteNotFoundError);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as RouteNotFoundError).status).toBe(404);
    expect((error as Error).name).toBe('RouteNotFoundError');
  });

  it.each(routeMisses)(
    '%s: the message names the full URL and the baseUrl to check',
    async (_c, reply, call, path) => {
      stub.script(reply);
      const error = (await rejection(call(quiet(`${stub.baseUrl}/loyalty`)))) as RouteNotFoundError;
      const url = `${stub.baseUrl}/loyalty${path}`;
      expect(error.url).toBe(url);
      expect(error.message).toContain(
        ` (GET ${url}) failed with 404: no operation of the API answers at this URL`,
      );
      expect(error.message).toContain(
        `The baseUrl is probably wrong: the SDK adds /ext/v3; baseUrl should be the spec's {base_url}, the address before /ext/v3 (it is ${stub.baseUrl}/loyalty).`,
      );
    },
  );

  it('the route code with its message and requestId are in the message', async () => {
    stub.script(failure(404, { codigoRespuesta: ERROR_CODES.routeNotFound, msj: 'Ruta no encontrada' }));
    const error = (await rejection(quiet().clientes.retrieve('cli_0001'))) as RouteNotFoundError;
    expect(error.message).toContain(
      `no operation of the API answers at this URL (codigoRespuesta ${ERROR_CODES.routeNotFound}: Ruta no encontrada) [requestId req-404].`,
    );
    expect(error.codigoRespuesta).toBe(ERROR_CODES.routeNotFound);
  });

  it('a 404 is not retried, RouteNotFoundError included', async () => {
    stub.script(failure(404, { codigoRespuesta: ERROR_CODES.routeNotFound }));
    await rejection(clientFor(stub, { maxRetries: 2 }).clientes.retrieve('cli_0001'));
    expect(stub.count).toBe(1);
  });
});
