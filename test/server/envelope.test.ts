import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SUCCESS_MESSAGE } from '../../src/operations/envelope.js';
import {
  api,
  call,
  callSample,
  DEMO_API_KEY,
  newEngine,
  operationCases,
} from '../support/in-process-engine.js';

const ERROR_CODE_VALUES: number[] = Object.values(ERROR_CODES);

describe('response envelope', () => {
  it.each(operationCases)(
    '%s answers 200 with codigoRespuesta 0, msj Éxito, data and meta',
    async (_id, operation) => {
      const { engine } = newEngine();
      const reply = await callSample(engine, operation);
      expect(reply.status, reply.body).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.json.codigoRespuesta).toBe(0);
      expect(reply.json.msj).toBe(SUCCESS_MESSAGE);
      expect(reply.json).toHaveProperty('data');
      expect(reply.json.meta.scope).toBe(operation.scope);
      expect(Object.keys(reply.json.meta)).toEqual(['requestId', 'appId', 'scope']);
    },
  );

  it('meta.appId is the appId of the calling key', async () => {
    const { engine } = newEngine({ keys: [{ key: 'key-of-app-77', appId: 77, scopes: '*' }] });
    const reply = await call(engine, 'GET', api('/tareas'), { key: 'key-of-app-77' });
    expect(reply.json.meta.appId).toBe(77);
  });

  it('every answer has its own requestId, also sent as the x-request-id header', async () => {
    const { engine } = newEngine();
    const replies = await Promise.all([1, 2, 3].map(() => call(engine, 'GET', api('/tareas'))));
    const ids = replies.map((reply) => reply.json.meta.requestId);
    expect(new Set(ids).size).toBe(3);
    for (const reply of replies) expect(reply.headers['x-request-id']).toBe(reply.json.meta.requestId);
  });

  it.each([
    ['unknown route', 'GET', '/nada', DEMO_API_KEY, 404],
    ['missing key', 'GET', '/tareas', null, 401],
    ['unknown customer', 'GET', '/clientes/nadie', DEMO_API_KEY, 404],
  ] as const)(
    'a failure (%s) carries a non-zero code of ERROR_CODES and a message',
    async (_case, method, path, key, status) => {
      const { engine } = newEngine();
      const reply = await call(engine, method, api(path), { key });
      expect(reply.status).toBe(status);
      expect(ERROR_CODE_VALUES).toContain(reply.json.codigoRespuesta);
      expect(reply.json.msj.length).toBeGreaterThan(0);
      expect(reply.json.msj).not.toBe(SUCCESS_MESSAGE);
      expect(typeof reply.json.meta.requestId).toBe('string');
    },
  );

  it('a failure before any key is recognised reports appId 0', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/tareas'), { key: null });
    expect(reply.json.meta.appId).toBe(0);
    expect(reply.json.meta.scope).toBe('tareas:read');
  });
});
