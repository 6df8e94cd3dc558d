/**
 * Request bodies are JSON sent as `application/json` (spec, Conventions): another media type is a
 * 415, and an operation that takes no body refuses one with a 400 (docs/decisions.md).
 */
import { describe, expect, it } from 'vitest';
import { api, call, newEngine, newIdem } from '../support/in-process-engine.js';

const POINTS = api('/clientes/cli_0001/puntos');
const BODY = JSON.stringify({ puntos: 5 });

describe('the media type of a request body', () => {
  it.each([
    ['application/json', 200],
    ['application/json; charset=utf-8', 200],
    ['Application/JSON', 200],
    ['application/x-www-form-urlencoded', 415],
    ['text/plain', 415],
    ['application/jsonp', 415],
  ])('a JSON body sent as %s answers %i', async (contentType, status) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', POINTS, {
      raw: BODY,
      idem: newIdem(),
      headers: { 'content-type': contentType },
    });
    expect(reply.status, reply.body).toBe(status);
  });

  it('a JSON body with no Content-Type is a 415 that says what was received', async () => {
    const { engine } = newEngine();
    const reply = await engine.handle({
      method: 'POST',
      path: POINTS,
      query: '',
      headers: { apikey: 'lk_demo_all_scopes', 'idempotency-key': newIdem() },
      body: BODY,
    });
    expect(reply.status).toBe(415);
    expect(JSON.parse(reply.body)).toMatchObject({
      codigoRespuesta: 9415,
      msj: expect.stringMatching(/application\/json.*none/),
    });
  });

  it('a 415 changes nothing: the balance stays', async () => {
    const { engine } = newEngine();
    const before = engine.admin.customer('cli_0001')?.puntos;
    await call(engine, 'POST', POINTS, {
      raw: BODY,
      idem: newIdem(),
      headers: { 'content-type': 'text/plain' },
    });
    expect(engine.admin.customer('cli_0001')?.puntos).toBe(before);
  });
});

describe('a body sent to an operation that takes none', () => {
  it('POST .../nivel/recalcular with a body is a 400 naming the body', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/nivel/recalcular'), { body: { x: 1 } });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toEqual([
      { in: 'body', name: '', message: 'this operation takes no body; send none', code: 'unexpected_body' },
    ]);
  });

  it('POST .../nivel/recalcular without a body is answered', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/nivel/recalcular'));
    expect(reply.status).toBe(200);
  });

  it('a GET with a body is a 400', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/tareas'), { body: { x: 1 } });
    expect(reply.status).toBe(400);
  });
});
