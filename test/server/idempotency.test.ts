import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import { api, call, DEMO_READ_ONLY_API_KEY, newEngine, newIdem } from '../support/in-process-engine.js';

const addPoints = (puntos: number, extra: Record<string, unknown> = {}) => ({ body: { puntos, ...extra } });
const POINTS = api('/clientes/cli_0001/puntos');

describe('idempotency', () => {
  it('the same key and body return the original answer byte for byte, requestId included', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    const first = await call(engine, 'POST', POINTS, { ...addPoints(5), idem });
    const again = await call(engine, 'POST', POINTS, { ...addPoints(5), idem });
    expect(again.status).toBe(first.status);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('a replay has no second effect', async () => {
    const { engine } = newEngine();
    const before = engine.admin.customer('cli_0001')?.puntos ?? 0;
    const idem = newIdem();
    await call(engine, 'POST', POINTS, { ...addPoints(5), idem });
    await call(engine, 'POST', POINTS, { ...addPoints(5), idem });
    expect(engine.admin.customer('cli_0001')?.puntos).toBe(before + 5);
    expect(engine.admin.audit()).toHaveLength(1);
  });

  it('key order in the body does not make another body', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    const first = await call(engine, 'POST', POINTS, { raw: '{"puntos":5,"motivo":"m"}', idem });
    const again = await call(engine, 'POST', POINTS, { raw: '{"motivo":"m","puntos":5}', idem });
    expect(again.body).toBe(first.body);
  });

  it.each([
    ['another body', 'POST', POINTS, addPoints(6)],
    [
      'another operation',
      'POST',
      api('/clientes/cli_0001/notificaciones'),
      { body: { titulo: 't', mensaje: 'm' } },
    ],
    ['another path parameter', 'POST', api('/clientes/cli_0002/puntos'), addPoints(5)],
  ])('the same key with %s is a 409 with code 9409', async (_case, method, path, options) => {
    const { engine } = newEngine();
    const idem = newIdem();
    await call(engine, 'POST', POINTS, { ...addPoints(5), idem });
    const reply = await call(engine, method, path, { ...options, idem });
    expect(reply.status).toBe(409);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.conflict);
  });

  it('the same key while the first request is still in flight is a 409', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    const [first, second] = await Promise.all([
      call(engine, 'POST', POINTS, { ...addPoints(5), idem }),
      call(engine, 'POST', POINTS, { ...addPoints(5), idem }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
  });

  it('keys are scoped per API key', async () => {
    const { engine } = newEngine({
      keys: [
        { key: 'first-integrator', scopes: '*' },
        { key: 'second-integrator', scopes: '*' },
      ],
    });
    const idem = newIdem();
    const first = await call(engine, 'POST', POINTS, { ...addPoints(5), idem, key: 'first-integrator' });
    const second = await call(engine, 'POST', POINTS, { ...addPoints(5), idem, key: 'second-integrator' });
    expect(second.status).toBe(200);
    expect(second.json.meta.requestId).not.toBe(first.json.meta.requestId);
  });

  it('a key is forgotten after limits.idempotencyTtlMs', async () => {
    const { engine, clock } = newEngine({ limits: { idempotencyTtlMs: 1_000 } });
    const idem = newIdem();
    const first = await call(engine, 'POST', POINTS, { ...addPoints(5), idem });
    clock.advance(999);
    expect((await call(engine, 'POST', POINTS, { ...addPoints(5), idem })).body).toBe(first.body);
    clock.advance(1);
    const later = await call(engine, 'POST', POINTS, { ...addPoints(5), idem });
    expect(later.json.meta.requestId).not.toBe(first.json.meta.requestId);
  });

  it.each([
    ['404', api('/clientes/nadie/puntos'), addPoints(5), 404],
    ['422', POINTS, addPoints(-10_000), 422],
  ])('a %s answer is remembered', async (_case, path, options, status) => {
    const { engine } = newEngine();
    const idem = newIdem();
    const first = await call(engine, 'POST', path, { ...options, idem });
    expect(first.status).toBe(status);
    expect((await call(engine, 'POST', path, { ...options, idem })).body).toBe(first.body);
  });

  it('a 400 answer is not remembered: the caller fixes the request and keeps the key', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    expect((await call(engine, 'POST', POINTS, { body: { puntos: 0 }, idem })).status).toBe(400);
    expect((await call(engine, 'POST', POINTS, { ...addPoints(5), idem })).status).toBe(200);
  });

  it('a 403 answer is not remembered', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    await call(engine, 'POST', POINTS, { ...addPoints(5), idem, key: DEMO_READ_ONLY_API_KEY });
    expect((await call(engine, 'POST', POINTS, { ...addPoints(5), idem })).status).toBe(200);
  });

  it('a 429 answer is not remembered', async () => {
    const { engine, clock } = newEngine({ limits: { groupActionsPerMinute: 1 } });
    const body = { puntos: 1, dryRun: true };
    await call(engine, 'POST', api('/grupos/1/puntos'), { body, idem: newIdem() });
    const idem = newIdem();
    expect((await call(engine, 'POST', api('/grupos/1/puntos'), { body, idem })).status).toBe(429);
    clock.advance(60_000);
    expect((await call(engine, 'POST', api('/grupos/1/puntos'), { body, idem })).status).toBe(200);
  });

  it('a write whose key is optional honours the header when sent', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    const first = await call(engine, 'POST', api('/tareas/1/status'), { body: { status: 0 }, idem });
    const again = await call(engine, 'POST', api('/tareas/1/status'), { body: { status: 0 }, idem });
    expect(again.body).toBe(first.body);
  });

  it('a write whose key is optional runs every time without the header', async () => {
    const { engine } = newEngine();
    const first = await call(engine, 'POST', api('/tareas/1/status'), { body: { status: 0 } });
    const again = await call(engine, 'POST', api('/tareas/1/status'), { body: { status: 0 } });
    expect(again.json.meta.requestId).not.toBe(first.json.meta.requestId);
  });

  it('a read ignores the header', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    const first = await call(engine, 'GET', api('/tareas'), { idem });
    const again = await call(engine, 'GET', api('/tareas'), { idem: 'x' });
    expect(again.status).toBe(200);
    expect(again.json.meta.requestId).not.toBe(first.json.meta.requestId);
  });
});
