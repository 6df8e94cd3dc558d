import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_APP_ID,
  ADMIN_KEY,
  expectLegacy,
  expectOk,
  type GrupoAccion,
  type Harness,
  newKey,
  startServer,
  useServer,
} from '../support/conformance-harness.js';

const h = useServer();

/** Fresh customers with the given balances, in a group of their own. */
async function groupWith(balances: number[]): Promise<{ grupoId: number; uids: string[] }> {
  const uids: string[] = [];
  for (const balance of balances) {
    const { uid } = await h.newCliente();
    if (balance > 0) await h.give(uid, balance);
    uids.push(uid);
  }
  return { grupoId: await h.createGroup(uids), uids };
}

async function snapshot(uids: string[]) {
  return Promise.all(
    uids.map(async (uid) => {
      const cliente = await h.cliente(uid);
      return {
        puntos: cliente.puntos,
        etiquetas: cliente.etiquetas,
        movimientos: (await h.history(uid)).length,
      };
    }),
  );
}

const groupPoints = (grupoId: number, body: Record<string, unknown>) =>
  h.op<GrupoAccion>('grupos.puntos.add', { params: { grupoId }, body });
const groupTag = (grupoId: number, body: Record<string, unknown>) =>
  h.op<GrupoAccion>('grupos.etiquetas.add', { params: { grupoId }, body });

describe('dry run', () => {
  it('a points dry run returns dryRun true, afectados and costoEstimado', async () => {
    const { grupoId } = await groupWith([0, 0, 0]);
    const data = expectOk(await groupPoints(grupoId, { puntos: 25, dryRun: true }));
    expect(data).toMatchObject({ grupoId, dryRun: true, afectados: 3, costoEstimado: 75 });
  });

  it('a removal dry run estimates a negative cost', async () => {
    const { grupoId } = await groupWith([100, 100]);
    const data = expectOk(await groupPoints(grupoId, { puntos: -10, dryRun: true }));
    expect(data).toMatchObject({ dryRun: true, afectados: 2, costoEstimado: -20 });
  });

  it('a points dry run changes no balance, no history and no audit', async () => {
    const { grupoId, uids } = await groupWith([5, 0]);
    const before = await snapshot(uids);
    const auditBefore = (await h.audit()).length;
    expect((await groupPoints(grupoId, { puntos: 40, dryRun: true, motivo: 'ensayo' })).status).toBe(200);
    expect(await snapshot(uids)).toEqual(before);
    expect((await h.audit()).length).toBe(auditBefore);
  });

  it('a tag dry run returns dryRun, afectados and a cost of 0, and tags nobody', async () => {
    const { grupoId, uids } = await groupWith([0, 0]);
    const before = await snapshot(uids);
    const data = expectOk(await groupTag(grupoId, { etiqueta: 'ensayo', dryRun: true }));
    expect(data).toMatchObject({ grupoId, dryRun: true, afectados: 2, costoEstimado: 0 });
    expect(await snapshot(uids)).toEqual(before);
  });
});

describe('applied actions', () => {
  it('adding points reaches every member once', async () => {
    const { grupoId, uids } = await groupWith([0, 10, 20]);
    const data = expectOk(await groupPoints(grupoId, { puntos: 30, motivo: 'campaña' }));
    expect(data).toMatchObject({ grupoId, dryRun: false, afectados: 3, costoEstimado: 90 });
    expect((await snapshot(uids)).map((s) => s.puntos)).toEqual([30, 40, 50]);
  });

  it('dryRun defaults to false: the action is executed when it is omitted', async () => {
    const { grupoId, uids } = await groupWith([0]);
    const data = expectOk(await groupPoints(grupoId, { puntos: 5 }));
    expect(data.dryRun).toBe(false);
    expect(await h.balance(uids[0] as string)).toBe(5);
  });

  it('removing points reaches every member when all can afford it', async () => {
    const { grupoId, uids } = await groupWith([50, 80]);
    expectOk(await groupPoints(grupoId, { puntos: -50 }));
    expect((await snapshot(uids)).map((s) => s.puntos)).toEqual([0, 30]);
  });

  it('a removal that one member cannot afford is 422 SALDO_INSUFICIENTE and changes nobody', async () => {
    const { grupoId, uids } = await groupWith([100, 100, 10, 100]);
    const before = await snapshot(uids);
    const auditBefore = (await h.audit()).length;
    const reply = await groupPoints(grupoId, { puntos: -50, motivo: 'atómico' });
    expectLegacy(reply, 'SALDO_INSUFICIENTE');
    expect(await snapshot(uids)).toEqual(before);
    expect((await h.audit()).length).toBe(auditBefore);
  });

  it('a tag reaches every member', async () => {
    const { grupoId, uids } = await groupWith([0, 0, 0]);
    const data = expectOk(await groupTag(grupoId, { etiqueta: 'vip' }));
    expect(data).toMatchObject({ grupoId, dryRun: false, afectados: 3 });
    for (const uid of uids) expect((await h.cliente(uid)).etiquetas).toContain('vip');
  });

  it('a group points movement appears in each member history with the group id', async () => {
    const { grupoId, uids } = await groupWith([0, 0]);
    expectOk(await groupPoints(grupoId, { puntos: 12, motivo: 'grupo' }));
    for (const uid of uids) {
      const movements = await h.history(uid);
      expect(movements.at(-1)).toMatchObject({ puntos: 12, motivo: 'grupo', grupoId });
    }
  });
});

describe('groups that do not exist or are too large', () => {
  it.each([
    ['grupos.puntos.add', { puntos: 5 }],
    ['grupos.puntos.add', { puntos: 5, dryRun: true }],
    ['grupos.etiquetas.add', { etiqueta: 'x' }],
    ['grupos.nombre.set', { nombre: 'Nadie' }],
  ] as const)('%s on an unknown group is 422 GRUPO_INEXISTENTE (%j)', async (id, body) => {
    const reply = await h.op(id, { params: { grupoId: 987_654 }, body });
    expectLegacy(reply, 'GRUPO_INEXISTENTE');
  });

  describe('with maxGroupSize 3', () => {
    let s: Harness;
    beforeAll(async () => {
      s = await startServer({
        keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }],
        limits: { maxGroupSize: 3 },
      });
    });
    afterAll(() => s.stop());

    const members = async (n: number) => {
      const uids: string[] = [];
      for (let i = 0; i < n; i += 1) uids.push((await s.newCliente()).uid);
      return uids;
    };

    it('a group of exactly maxGroupSize customers may act', async () => {
      const grupoId = await s.createGroup(await members(3));
      const reply = await s.op('grupos.puntos.add', { params: { grupoId }, body: { puntos: 1 } });
      expect(reply.status, reply.text).toBe(200);
    });

    it('a group over maxGroupSize is 422 GRUPO_DEMASIADO_GRANDE and changes nobody', async () => {
      const uids = await members(4);
      const grupoId = await s.createGroup(uids);
      const reply = await s.op('grupos.puntos.add', { params: { grupoId }, body: { puntos: 1 } });
      expectLegacy(reply, 'GRUPO_DEMASIADO_GRANDE');
      for (const uid of uids) expect(await s.balance(uid)).toBe(0);
    });

    it('a tag on a group over maxGroupSize is 422 GRUPO_DEMASIADO_GRANDE', async () => {
      const grupoId = await s.createGroup(await members(4));
      const reply = await s.op('grupos.etiquetas.add', { params: { grupoId }, body: { etiqueta: 'x' } });
      expectLegacy(reply, 'GRUPO_DEMASIADO_GRANDE');
    });
  });
});

describe('naming a group', () => {
  it('assigns the name and returns the group', async () => {
    const { grupoId } = await groupWith([0]);
    const data = expectOk(
      await h.op<{ grupoId: number; nombre: string }>('grupos.nombre.set', {
        params: { grupoId },
        body: { nombre: 'Clientes frecuentes' },
      }),
    );
    expect(data).toMatchObject({ grupoId, nombre: 'Clientes frecuentes' });
  });
});

describe('admin HTTP route for groups', () => {
  it('POST /__admin/grupos creates a group usable by the group actions (no API key)', async () => {
    const { uid } = await h.newCliente();
    const reply = await h.call<unknown>('POST', '/__admin/grupos', {
      key: null,
      body: { uids: [uid], nombre: 'admin' },
    });
    expect(reply.status, reply.text).toBe(200);
    const raw = reply.json as unknown as { grupoId?: number; data?: { grupoId?: number } };
    const grupoId = raw.grupoId ?? raw.data?.grupoId;
    expect(typeof grupoId).toBe('number');
    const action = await h.op<GrupoAccion>('grupos.puntos.add', {
      params: { grupoId: grupoId as number },
      body: { puntos: 4 },
      idem: newKey(),
    });
    expect(expectOk(action).afectados).toBe(1);
    expect(await h.balance(uid)).toBe(4);
  });
});
