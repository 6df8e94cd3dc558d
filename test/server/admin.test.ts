import { describe, expect, it } from 'vitest';
import type { Cliente } from '../../src/types.js';
import { api, call, newEngine, newIdem } from '../support/in-process-engine.js';

describe('admin helpers', () => {
  it('createGroup returns a new grupoId that group actions accept', async () => {
    const { engine } = newEngine();
    const grupoId = engine.admin.createGroup({ uids: ['cli_0001', 'cli_0002', 'cli_0001'], nombre: 'Dos' });
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: 1, dryRun: true },
      idem: newIdem(),
    });
    expect(reply.json.data).toMatchObject({ grupoId, afectados: 2 });
  });

  it('createGroup refuses uids of unknown customers', () => {
    const { engine } = newEngine();
    expect(() => engine.admin.createGroup({ uids: ['cli_0001', 'nadie'] })).toThrow(/nadie/);
  });

  it('createTask adds an inactive task by default', async () => {
    const { engine } = newEngine();
    const tareaId = engine.admin.createTask({ nombre: 'Nueva' });
    const tasks = (await call<Array<{ tareaId: number; status: number }>>(engine, 'GET', api('/tareas'))).json
      .data;
    expect(tasks?.find((task) => task.tareaId === tareaId)).toMatchObject({ nombre: 'Nueva', status: 0 });
  });

  it('customer(uid) returns a copy of the record, or undefined', () => {
    const { engine } = newEngine();
    (engine.admin.customer('cli_0001') as Cliente).puntos = -1;
    expect(engine.admin.customer('cli_0001')?.puntos).toBe(1_250);
    expect(engine.admin.customer('nadie')).toBeUndefined();
  });

  it('createCustomer records an opening balance as a movement', async () => {
    const { engine } = newEngine();
    const uid = engine.admin.createCustomer({ nombre: 'Con saldo', puntos: 300 });
    const history = (await call<Array<{ puntos: number }>>(engine, 'GET', api(`/clientes/${uid}/puntos`)))
      .json.data;
    expect(history?.map((movement) => movement.puntos)).toEqual([300]);
  });

  it('reset brings back the seed and forgets idempotency keys', async () => {
    const { engine } = newEngine();
    const idem = newIdem();
    const body = { puntos: 10 };
    const first = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { body, idem });
    const uid = engine.admin.createCustomer();
    engine.admin.reset();
    expect(engine.admin.customer(uid)).toBeUndefined();
    expect(engine.admin.customer('cli_0001')?.puntos).toBe(1_250);
    expect(engine.admin.audit()).toEqual([]);
    const again = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { body, idem });
    expect(again.json.meta.requestId).not.toBe(first.json.meta.requestId);
  });
});

describe('admin routes (no API key)', () => {
  it('POST /__admin/grupos creates a group and answers its grupoId in the envelope', async () => {
    const { engine } = newEngine();
    const reply = await call<{ grupoId: number }>(engine, 'POST', '/__admin/grupos', {
      key: null,
      body: { uids: ['cli_0003'], nombre: 'Uno' },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.data).toEqual({ grupoId: 4 });
    expect(reply.json.meta).toMatchObject({ appId: 0, scope: null });
  });

  it('POST /__admin/grupos with an unknown uid is a 400 naming it', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', '/__admin/grupos', {
      key: null,
      body: { uids: ['cli_0003', 'nadie'] },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toEqual([
      { in: 'body', name: 'uids.1', message: expect.any(String), code: 'custom' },
    ]);
  });

  it('POST /__admin/grupos with an invalid body is a 400', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', '/__admin/grupos', { key: null, body: { uids: 'cli_0003' } });
    expect(reply.json.details).toContainEqual(expect.objectContaining({ in: 'body', name: 'uids' }));
  });

  it('POST /__admin/reset brings back the seed', async () => {
    const { engine } = newEngine();
    const uid = engine.admin.createCustomer();
    expect((await call(engine, 'POST', '/__admin/reset', { key: null })).status).toBe(200);
    expect(engine.admin.customer(uid)).toBeUndefined();
  });

  it('GET /__admin/audit lists the points movements', async () => {
    const { engine } = newEngine();
    await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: 3, motivo: 'm' },
      idem: newIdem(),
    });
    const reply = await call<unknown[]>(engine, 'GET', '/__admin/audit', { key: null });
    expect(reply.json.data).toEqual(engine.admin.audit());
    expect(reply.json.data).toHaveLength(1);
  });

  it.each([
    ['an unknown admin route', 'GET', '/__admin/nada', 404],
    ['a wrong method', 'GET', '/__admin/reset', 405],
  ])('%s is a %s', async (_case, method, path, status) => {
    const { engine } = newEngine();
    expect((await call(engine, method, path, { key: null })).status).toBe(status);
  });
});
