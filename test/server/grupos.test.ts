import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/server/internal.js';
import type { Cliente } from '../../src/types.js';
import { api, call, newEngine, newIdem } from '../support/in-process-engine.js';

function groupOf(engine: Engine, balances: number[]): { grupoId: number; uids: string[] } {
  const uids = balances.map((puntos) => engine.admin.createCustomer({ puntos }));
  return { grupoId: engine.admin.createGroup({ uids }), uids };
}

const balancesOf = (engine: Engine, uids: string[]) => uids.map((uid) => engine.admin.customer(uid)?.puntos);

describe('group points', () => {
  it('a dry run answers afectados and costoEstimado = puntos x afectados, and changes nothing', async () => {
    const { engine } = newEngine();
    const { grupoId, uids } = groupOf(engine, [10, 20, 30]);
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: -5, dryRun: true },
      idem: newIdem(),
    });
    expect(reply.json.data).toMatchObject({ grupoId, dryRun: true, afectados: 3, costoEstimado: -15 });
    expect(balancesOf(engine, uids)).toEqual([10, 20, 30]);
    expect(engine.admin.audit()).toEqual([]);
  });

  it('an applied action reaches every member, in their history and in the audit', async () => {
    const { engine } = newEngine();
    const { grupoId, uids } = groupOf(engine, [10, 20]);
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: 7, motivo: 'Campaña' },
      idem: newIdem(),
    });
    expect(reply.json.data).toEqual({ grupoId, dryRun: false, afectados: 2, costoEstimado: 14 });
    expect(balancesOf(engine, uids)).toEqual([17, 27]);
    const history = await call<Array<{ grupoId: number | null }>>(
      engine,
      'GET',
      api(`/clientes/${uids[0]}/puntos`),
    );
    expect(history.json.data?.at(-1)?.grupoId).toBe(grupoId);
    expect(
      engine.admin.audit().map((entry) => [entry.uid, entry.puntos, entry.motivo, entry.grupoId]),
    ).toEqual([
      [uids[0], 7, 'Campaña', grupoId],
      [uids[1], 7, 'Campaña', grupoId],
    ]);
  });

  it('is all or none: one member short of points refuses it with SALDO_INSUFICIENTE and no balance moves', async () => {
    const { engine } = newEngine();
    const { grupoId, uids } = groupOf(engine, [100, 3, 100]);
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: -10 },
      idem: newIdem(),
    });
    expect(reply.status).toBe(422);
    expect(reply.json.meta.legacy).toMatchObject({
      codigo: 'SALDO_INSUFICIENTE',
      grupoId,
      insuficientes: 1,
      uids: [uids[1]],
    });
    expect(balancesOf(engine, uids)).toEqual([100, 3, 100]);
  });

  it.each([
    ['a dry run', true],
    ['an applied action', false],
  ])('%s on a group larger than maxGroupSize is a 422 GRUPO_DEMASIADO_GRANDE', async (_case, dryRun) => {
    const { engine } = newEngine({ limits: { maxGroupSize: 2 } });
    const { grupoId } = groupOf(engine, [1, 2, 3]);
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: 1, dryRun },
      idem: newIdem(),
    });
    expect(reply.status).toBe(422);
    expect(reply.json.meta.legacy).toEqual({
      codigo: 'GRUPO_DEMASIADO_GRANDE',
      grupoId,
      miembros: 3,
      maximo: 2,
    });
  });

  it('a group of exactly maxGroupSize is allowed', async () => {
    const { engine } = newEngine({ limits: { maxGroupSize: 2 } });
    const { grupoId } = groupOf(engine, [1, 2]);
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: 1 },
      idem: newIdem(),
    });
    expect(reply.status).toBe(200);
  });
});

describe('unknown groups', () => {
  it.each([
    ['points', '/grupos/999/puntos', { puntos: 1 }],
    ['tag', '/grupos/999/etiquetas', { etiqueta: 'x' }],
    ['name', '/grupos/999/nombre', { nombre: 'x' }],
  ])('the %s operation on an unknown group is a 422 GRUPO_INEXISTENTE', async (_case, path, body) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api(path), { body, idem: newIdem() });
    expect(reply.status).toBe(422);
    expect(reply.json.meta.legacy).toEqual({ codigo: 'GRUPO_INEXISTENTE', grupoId: 999 });
  });
});

describe('group tags', () => {
  it('a dry run costs 0 and tags nobody', async () => {
    const { engine } = newEngine();
    const { grupoId, uids } = groupOf(engine, [0, 0]);
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/etiquetas`), {
      body: { etiqueta: 'vip', dryRun: true },
      idem: newIdem(),
    });
    expect(reply.json.data).toEqual({ grupoId, dryRun: true, afectados: 2, costoEstimado: 0 });
    expect(engine.admin.customer(uids[0] as string)?.etiquetas).toEqual([]);
  });

  it('an applied tag reaches every member once, however often it is sent', async () => {
    const { engine } = newEngine();
    const { grupoId, uids } = groupOf(engine, [0, 0]);
    for (let round = 0; round < 2; round += 1) {
      await call(engine, 'POST', api(`/grupos/${grupoId}/etiquetas`), {
        body: { etiqueta: 'vip' },
        idem: newIdem(),
      });
    }
    expect(uids.map((uid) => (engine.admin.customer(uid) as Cliente).etiquetas)).toEqual([['vip'], ['vip']]);
  });
});

describe('group name', () => {
  it('naming a group answers the group with its new name', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/grupos/2/nombre'), { body: { nombre: 'Oro' } });
    expect(reply.json.data).toEqual({ grupoId: 2, nombre: 'Oro' });
  });
});

describe('group actions at scale', () => {
  // How long they take is npm run bench:server's line (test/bench/server/group-actions.mjs), not a bound here.
  it('a dry run and an applied action on 100,000 members count and move every member', async () => {
    const { engine } = newEngine({ seed: 'empty' });
    const uids = Array.from({ length: 100_000 }, () => engine.admin.createCustomer({ puntos: 10 }));
    const grupoId = engine.admin.createGroup({ uids });
    const action = (dryRun: boolean) =>
      call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
        body: { puntos: -10, dryRun },
        idem: newIdem(),
      });
    const dry = await action(true);
    expect(dry.json.data).toMatchObject({ afectados: 100_000, costoEstimado: -1_000_000 });
    expect(engine.admin.customer(uids[99_999] as string)?.puntos).toBe(10);
    const applied = await action(false);
    expect(applied.status).toBe(200);
    expect(engine.admin.customer(uids[0] as string)?.puntos).toBe(0);
    expect(engine.admin.customer(uids[99_999] as string)?.puntos).toBe(0);
  });
});
