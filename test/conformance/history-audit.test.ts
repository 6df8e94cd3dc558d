import { describe, expect, it } from 'vitest';
import {
  ADMIN_KEY,
  type AuditEntry,
  asArray,
  expectOk,
  type Movimiento,
  newKey,
  useServer,
} from '../support/conformance-harness.js';

// Two keys of the same application: the audit must still tell them apart.
const CASHIER_KEY = 'conformance-cashier-key-0a1b2c3d4e5f6a7b8c9d';
const ERP_KEY = 'conformance-erp-key-9f8e7d6c5b4a3f2e1d0c';
const h = useServer({
  keys: [
    { key: CASHIER_KEY, appId: 77, scopes: ['puntos:write', 'puntos:read', 'clientes:read'] },
    { key: ERP_KEY, appId: 77, scopes: ['puntos:write', 'puntos:read', 'clientes:read'] },
  ],
});

const add = (uid: string, puntos: number, motivo?: string, key?: string) =>
  h.op('clientes.puntos.add', {
    params: { uid },
    body: motivo === undefined ? { puntos } : { puntos, motivo },
    key,
  });

const RAW_KEYS = [ADMIN_KEY, CASHIER_KEY, ERP_KEY];
const ENTRY_BASICS = new Set(['uid', 'puntos', 'motivo']);

describe('points history (GET /clientes/{uid}/puntos)', () => {
  it('lists each movement, oldest first, with puntos, motivo and the balance after it', async () => {
    const { uid } = await h.newCliente();
    expectOk(await add(uid, 100, 'alta'));
    expectOk(await add(uid, -30, 'canje'));
    expectOk(await add(uid, 5));
    const movements = await h.history(uid);
    expect(movements.map((m) => [m.puntos, m.motivo, m.saldo])).toEqual([
      [100, 'alta', 100],
      [-30, 'canje', 70],
      [5, null, 75],
    ]);
    for (const movement of movements) {
      expect(movement.uid).toBe(uid);
      expect(typeof movement.movimientoId).toBe('string');
      expect(Number.isNaN(Date.parse(movement.fecha))).toBe(false);
    }
  });

  it('the balance equals the sum of the history', async () => {
    const { uid } = await h.newCliente();
    for (const puntos of [500, -120, 37, 10_000, -9_999, 1]) expectOk(await add(uid, puntos, 'suma'));
    const grupoId = await h.createGroup([uid]);
    expectOk(
      await h.op('grupos.puntos.add', { params: { grupoId }, body: { puntos: -18, motivo: 'grupo' } }),
    );
    const movements = await h.history(uid);
    const sum = movements.reduce((total, movement: Movimiento) => total + movement.puntos, 0);
    expect(await h.balance(uid)).toBe(sum);
    expect(sum).toBe(500 - 120 + 37 + 10_000 - 9_999 + 1 - 18);
  });

  it('the movement returned by the write is the one listed', async () => {
    const { uid } = await h.newCliente();
    const written = expectOk(
      await h.op<{ movimientoId: string }>('clientes.puntos.add', {
        params: { uid },
        body: { puntos: 9, motivo: 'uno' },
      }),
    );
    const movements = await h.history(uid);
    expect(movements.map((m) => m.movimientoId)).toEqual([written.movimientoId]);
  });

  it('a new customer has an empty history', async () => {
    const { uid } = await h.newCliente();
    expect(await h.history(uid)).toEqual([]);
  });
});

describe('audit (admin.audit() and GET /__admin/audit)', () => {
  it('each points movement is audited with uid, puntos and motivo', async () => {
    const { uid } = await h.newCliente();
    const motivo = `auditado-${newKey()}`;
    expectOk(await add(uid, 42, motivo));
    const entries = (await h.audit()).filter((entry) => entry.motivo === motivo);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ uid, puntos: 42, motivo });
  });

  it('GET /__admin/audit (no API key) lists the same movement', async () => {
    const { uid } = await h.newCliente();
    const motivo = `http-audit-${newKey()}`;
    expectOk(await add(uid, 8, motivo));
    const reply = await h.call<unknown>('GET', '/__admin/audit', { key: null });
    expect(reply.status, reply.text).toBe(200);
    const entries = asArray(JSON.parse(reply.text)).filter((entry) => entry.motivo === motivo);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ uid, puntos: 8, motivo });
  });

  it('the audit records which key made each movement (two keys of one app are told apart)', async () => {
    const { uid } = await h.newCliente();
    const motivo = `quien-${newKey()}`;
    expectOk(await add(uid, 1, motivo, CASHIER_KEY));
    expectOk(await add(uid, 1, motivo, ERP_KEY));
    expectOk(await add(uid, 1, motivo, CASHIER_KEY));
    const [first, erp, second] = (await h.audit()).filter((entry) => entry.motivo === motivo) as [
      AuditEntry,
      AuditEntry,
      AuditEntry,
    ];
    expect(second).toBeDefined();
    // A field that is the same for both cashier movements and different for the ERP one: the key identity.
    const identifying = Object.keys(first).filter(
      (field) =>
        !ENTRY_BASICS.has(field) &&
        JSON.stringify(first[field]) === JSON.stringify(second[field]) &&
        JSON.stringify(first[field]) !== JSON.stringify(erp[field]),
    );
    expect(identifying, JSON.stringify([first, erp, second])).not.toEqual([]);
  });

  it('the audit never holds a raw API key (admin.audit() and GET /__admin/audit)', async () => {
    const { uid } = await h.newCliente();
    expectOk(await add(uid, 3, 'sin clave', CASHIER_KEY));
    expectOk(await add(uid, 3, 'sin clave', ERP_KEY));
    const inProcess = JSON.stringify(await h.audit());
    const overHttp = (await h.call('GET', '/__admin/audit', { key: null })).text;
    for (const raw of RAW_KEYS) {
      expect(inProcess).not.toContain(raw);
      expect(overHttp).not.toContain(raw);
    }
  });

  it('a group action audits one entry per member, with its motivo', async () => {
    const uids = [(await h.newCliente()).uid, (await h.newCliente()).uid, (await h.newCliente()).uid];
    const grupoId = await h.createGroup(uids);
    const motivo = `grupo-${newKey()}`;
    expectOk(await h.op('grupos.puntos.add', { params: { grupoId }, body: { puntos: 6, motivo } }));
    const entries = (await h.audit()).filter((entry) => entry.motivo === motivo);
    expect(entries.map((entry) => entry.uid).sort()).toEqual([...uids].sort());
    for (const entry of entries) expect(entry.puntos).toBe(6);
  });

  it('a refused movement (422) is neither in the history nor in the audit', async () => {
    const { uid } = await h.newCliente();
    const motivo = `rechazado-${newKey()}`;
    const reply = await add(uid, -1, motivo);
    expect(reply.status).toBe(422);
    expect(await h.history(uid)).toEqual([]);
    expect((await h.audit()).filter((entry) => entry.motivo === motivo)).toEqual([]);
  });

  it('admin.customer(uid) shows the same balance as the API', async () => {
    const { uid } = await h.newCliente();
    expectOk(await add(uid, 64, 'admin'));
    const record = (await h.admin.customer(uid)) as { puntos?: number } | undefined;
    expect(record?.puntos).toBe(64);
  });
});
