import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import {
  api,
  call,
  DEMO_API_KEY,
  DEMO_READ_ONLY_API_KEY,
  newEngine,
  newIdem,
} from '../support/in-process-engine.js';

const dryRun = { body: { puntos: 1, dryRun: true } };

describe('rate limit per key', () => {
  it('the request over the limit is a 429 with code 9429 and Retry-After in whole seconds', async () => {
    const { engine } = newEngine({ limits: { rateLimit: { limit: 2, windowMs: 2_500 } } });
    await call(engine, 'GET', api('/tareas'));
    await call(engine, 'GET', api('/tareas'));
    const reply = await call(engine, 'GET', api('/tareas'));
    expect(reply.status).toBe(429);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.rateLimited);
    expect(reply.headers['retry-after']).toBe('3');
  });

  it('Retry-After is at least 1 even when the window ends in under a second', async () => {
    const { engine, clock } = newEngine({ limits: { rateLimit: { limit: 1, windowMs: 1_000 } } });
    await call(engine, 'GET', api('/tareas'));
    clock.advance(999);
    expect((await call(engine, 'GET', api('/tareas'))).headers['retry-after']).toBe('1');
  });

  it('a new window allows requests again', async () => {
    const { engine, clock } = newEngine({ limits: { rateLimit: { limit: 1, windowMs: 1_000 } } });
    await call(engine, 'GET', api('/tareas'));
    expect((await call(engine, 'GET', api('/tareas'))).status).toBe(429);
    clock.advance(1_000);
    expect((await call(engine, 'GET', api('/tareas'))).status).toBe(200);
  });

  it('each key has its own count', async () => {
    const { engine } = newEngine({ limits: { rateLimit: { limit: 1, windowMs: 1_000 } } });
    await call(engine, 'GET', api('/tareas'), { key: DEMO_API_KEY });
    expect((await call(engine, 'GET', api('/tareas'), { key: DEMO_READ_ONLY_API_KEY })).status).toBe(200);
  });
});

describe('group actions per key per minute', () => {
  it('the group action over the limit is a 429 with Retry-After, dry runs included', async () => {
    const { engine } = newEngine({ limits: { groupActionsPerMinute: 2 } });
    const post = () => call(engine, 'POST', api('/grupos/1/puntos'), { ...dryRun, idem: newIdem() });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const reply = await post();
    expect(reply.status).toBe(429);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.rateLimited);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('points and tag actions share the limit', async () => {
    const { engine } = newEngine({ limits: { groupActionsPerMinute: 1 } });
    await call(engine, 'POST', api('/grupos/1/puntos'), { ...dryRun, idem: newIdem() });
    const reply = await call(engine, 'POST', api('/grupos/1/etiquetas'), {
      body: { etiqueta: 'x', dryRun: true },
      idem: newIdem(),
    });
    expect(reply.status).toBe(429);
  });

  it('other operations do not count against it', async () => {
    const { engine } = newEngine({ limits: { groupActionsPerMinute: 1 } });
    await call(engine, 'POST', api('/grupos/1/nombre'), { body: { nombre: 'Todos' } });
    await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { body: { puntos: 1 }, idem: newIdem() });
    expect((await call(engine, 'POST', api('/grupos/1/puntos'), { ...dryRun, idem: newIdem() })).status).toBe(
      200,
    );
  });

  it('the limit frees up after a minute', async () => {
    const { engine, clock } = newEngine({ limits: { groupActionsPerMinute: 1 } });
    await call(engine, 'POST', api('/grupos/1/puntos'), { ...dryRun, idem: newIdem() });
    clock.advance(60_000);
    expect((await call(engine, 'POST', api('/grupos/1/puntos'), { ...dryRun, idem: newIdem() })).status).toBe(
      200,
    );
  });

  it('a replayed group action does not use up the limit (it has no effect)', async () => {
    const { engine } = newEngine({ limits: { groupActionsPerMinute: 1 } });
    const idem = newIdem();
    await call(engine, 'POST', api('/grupos/1/puntos'), { ...dryRun, idem });
    expect((await call(engine, 'POST', api('/grupos/1/puntos'), { ...dryRun, idem })).status).toBe(200);
  });
});
