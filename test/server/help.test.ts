import { describe, expect, it } from 'vitest';
import { renderHelp } from '../../src/operations/help.js';
import { api, call, callSample, newEngine, operationCases } from '../support/in-process-engine.js';

describe('?help=true', () => {
  it.each(operationCases)('%s answers its renderHelp text as text/plain', async (_id, operation) => {
    const { engine } = newEngine();
    const reply = await callSample(engine, operation, { query: 'help=true' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toBe(renderHelp(operation));
  });

  it('needs a valid key', async () => {
    const { engine } = newEngine();
    expect((await call(engine, 'GET', api('/tareas'), { key: null, query: 'help=true' })).status).toBe(401);
  });

  it('needs no scope', async () => {
    const { engine } = newEngine({ keys: [{ key: 'no-scope-key', scopes: [] }] });
    const reply = await call(engine, 'GET', api('/tareas'), { key: 'no-scope-key', query: 'help=true' });
    expect(reply.status).toBe(200);
  });

  it('is answered before the parameters are checked', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      raw: '{broken',
      query: 'help=true',
    });
    expect(reply.status).toBe(200);
  });

  it('help=false runs the operation', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/tareas'), { query: 'help=false' });
    expect(reply.json.codigoRespuesta).toBe(0);
  });

  it('a help value other than true or false is a 400 naming query help', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/tareas'), { query: 'help=yes' });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toContainEqual(expect.objectContaining({ in: 'query', name: 'help' }));
  });
});
