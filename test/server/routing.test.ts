import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import { api, call, newEngine } from '../support/in-process-engine.js';

describe('routing', () => {
  it.each([
    ['an unknown path under /ext/v3', api('/desconocido')],
    ['a path outside /ext/v3', '/ext/v2/tareas'],
    ['a trailing slash', api('/tareas/')],
    ['an extra segment', api('/clientes/cli_0001/puntos/extra')],
  ])('%s is a 404 envelope with the route code (not the resource code)', async (_case, path) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', path);
    expect(reply.status).toBe(404);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.routeNotFound);
    expect(reply.json.meta.scope).toBeNull();
  });

  it('an unknown route is a 404 even without a key (the route is checked first)', async () => {
    const { engine } = newEngine();
    expect((await call(engine, 'GET', api('/desconocido'), { key: null })).status).toBe(404);
  });

  it.each([
    ['DELETE', '/clientes/cli_0001', 'GET, PATCH'],
    ['PUT', '/clientes/cli_0001/puntos', 'POST, GET'],
    ['GET', '/tareas/1/status', 'POST'],
  ])('%s on %s is a 405 whose Allow header names the methods of the path', async (method, path, allow) => {
    const { engine } = newEngine();
    const reply = await call(engine, method, api(path));
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe(allow);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.routeNotFound);
  });

  it('%2F inside a uid stays part of that one path segment', async () => {
    const { engine } = newEngine();
    engine.admin.createCustomer({ uid: 'tienda/centro' });
    const reply = await call<{ uid: string }>(engine, 'GET', api('/clientes/tienda%2Fcentro'));
    expect(reply.status, reply.body).toBe(200);
    expect(reply.json.data?.uid).toBe('tienda/centro');
  });

  it('a path parameter is percent-decoded before use', async () => {
    const { engine } = newEngine();
    engine.admin.createCustomer({ uid: 'José Núñez' });
    const reply = await call<{ uid: string }>(
      engine,
      'GET',
      api(`/clientes/${encodeURIComponent('José Núñez')}`),
    );
    expect(reply.json.data?.uid).toBe('José Núñez');
  });

  it('a path parameter that is not valid percent-encoding is a 400 naming it', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/clientes/%E0%A4%A'));
    expect(reply.status).toBe(400);
    expect(reply.json.details).toContainEqual(expect.objectContaining({ in: 'path', name: 'uid' }));
  });
});
