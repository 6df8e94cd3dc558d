import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import { operations } from '../../src/operations/table.js';
import { keyIdOf } from '../../src/server/engine/auth.js';
import { api, call, callSample, DEMO_READ_ONLY_API_KEY, newEngine } from '../support/in-process-engine.js';

const NO_SCOPES_KEY = 'key-without-any-scope';
const scopedCases = operations
  .filter((operation) => operation.scope !== null)
  .map((operation) => [operation.id, operation] as const);

describe('authentication', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['unknown', 'not-a-configured-key'],
  ])('a %s apikey is a 401 with code 9501', async (_case, key) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/tareas'), { key });
    expect(reply.status).toBe(401);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.unauthorized);
  });

  it('the key is checked before the scope and the parameters', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      key: 'unknown',
      raw: '{broken',
    });
    expect(reply.status).toBe(401);
  });

  it('a 401 never echoes the presented key', async () => {
    const { engine } = newEngine();
    const presented = 'secret-presented-key-123456';
    const reply = await call(engine, 'GET', api('/tareas'), { key: presented });
    expect(reply.body).not.toContain(presented);
    expect(JSON.stringify(reply.headers)).not.toContain(presented);
  });

  it("the key id is 'key_' and 12 hex digits of the key's SHA-256, never the key", () => {
    expect(keyIdOf('lk_demo_all_scopes')).toMatch(/^key_[0-9a-f]{12}$/);
    expect(keyIdOf('lk_demo_all_scopes')).not.toContain('demo');
  });
});

describe('scopes', () => {
  it.each(scopedCases)(
    '%s without its scope is a 403 with code 9503 and meta.requiredScope',
    async (_id, operation) => {
      const { engine } = newEngine({ keys: [{ key: NO_SCOPES_KEY, scopes: [] }] });
      const reply = await callSample(engine, operation, { key: NO_SCOPES_KEY });
      expect(reply.status).toBe(403);
      expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.forbidden);
      expect(reply.json.meta.requiredScope).toBe(operation.scope);
    },
  );

  it('the scope is checked before the body and the parameters', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      key: DEMO_READ_ONLY_API_KEY,
      raw: '{broken',
    });
    expect(reply.status).toBe(403);
  });

  it('GET /openapi.json needs no scope, and its meta.scope is null', async () => {
    const { engine } = newEngine({ keys: [{ key: NO_SCOPES_KEY, scopes: [] }] });
    const reply = await call(engine, 'GET', api('/openapi.json'), { key: NO_SCOPES_KEY });
    expect(reply.status).toBe(200);
    expect(reply.json.meta.scope).toBeNull();
  });

  it("scopes '*' grant every operation", async () => {
    const { engine } = newEngine({ keys: [{ key: 'all-scopes-key', scopes: '*' }] });
    for (const operation of operations) {
      expect((await callSample(engine, operation, { key: 'all-scopes-key' })).status, operation.id).toBe(200);
    }
  });
});
