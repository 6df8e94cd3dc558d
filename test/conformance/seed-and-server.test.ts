import { networkInterfaces } from 'node:os';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_APP_ID,
  ADMIN_KEY,
  ERROR_CODES,
  expectEnvelopeError,
  expectOk,
  type GrupoAccion,
  type Harness,
  type Nivel,
  type Promocion,
  startServer,
  useServer,
} from '../support/conformance-harness.js';

const h = useServer();

describe('demo seed', () => {
  it('has 3 groups, one of them holding at least 20 customers', async () => {
    const found: GrupoAccion[] = [];
    for (let grupoId = 1; grupoId <= 20; grupoId += 1) {
      const reply = await h.op<GrupoAccion>('grupos.etiquetas.add', {
        params: { grupoId },
        body: { etiqueta: 'sonda', dryRun: true },
      });
      if (reply.status === 200) found.push(reply.json.data);
      else expect(reply.json.meta.legacy?.codigo, reply.text).toBe('GRUPO_INEXISTENTE');
    }
    expect(found).toHaveLength(3);
    const largest = Math.max(...found.map((group) => group.afectados));
    expect(largest).toBeGreaterThanOrEqual(20);
  });

  it('has 5 tasks, with both statuses', async () => {
    const tareas = await h.tareas();
    expect(tareas).toHaveLength(5);
    expect(new Set(tareas.map((tarea) => tarea.status))).toEqual(new Set([0, 1]));
    for (const tarea of tareas) {
      expect(typeof tarea.tareaId).toBe('number');
      expect(typeof tarea.nombre).toBe('string');
    }
  });

  it('has promotions of tipo 7, 101 and others, in several states', async () => {
    const promociones = await h.promociones();
    const tipos = new Set(promociones.map((p: Promocion) => p.tipo));
    expect(tipos.has(7)).toBe(true);
    expect(tipos.has(101)).toBe(true);
    expect([...tipos].some((tipo) => tipo !== 7 && tipo !== 101)).toBe(true);
    expect(new Set(promociones.map((p) => p.estado)).size).toBeGreaterThanOrEqual(2);
    for (const promocion of promociones) {
      expect(typeof promocion.regaloId).toBe('number');
      expect(typeof promocion.nombre).toBe('string');
    }
  });

  it('has 3 levels with their calculation rules', async () => {
    const niveles = expectOk(await h.op<Nivel[]>('configuracion.niveles.list'));
    expect(niveles).toHaveLength(3);
    for (const nivel of niveles) {
      expect(typeof nivel.nombre).toBe('string');
      expect(typeof nivel.puntosMinimos).toBe('number');
      expect(Array.isArray(nivel.reglas)).toBe(true);
    }
    expect(new Set(niveles.map((nivel) => nivel.nombre)).size).toBe(3);
  });

  it('has a report catalog of exactly compras, lealtad, usuarios and wallet_descargas', async () => {
    const catalog = expectOk(
      await h.op<Record<string, Record<string, unknown>>>('reportes.catalogo.retrieve'),
    );
    expect(Object.keys(catalog).sort()).toEqual(['compras', 'lealtad', 'usuarios', 'wallet_descargas']);
  });

  it.each([['compras'], ['lealtad'], ['usuarios'], ['wallet_descargas']])(
    'report dataset %s has a label, fields, metrics and filters',
    async (name) => {
      interface Item {
        id: string;
        label: string;
        type: string;
        operators?: string[];
      }
      const catalog = expectOk(
        await h.op<Record<string, { label: string; fields: Item[]; metrics: Item[]; filters: Item[] }>>(
          'reportes.catalogo.retrieve',
        ),
      );
      const dataset = catalog[name];
      expect(typeof dataset?.label).toBe('string');
      for (const list of [dataset?.fields, dataset?.metrics, dataset?.filters]) {
        expect(Array.isArray(list)).toBe(true);
        expect(list?.length).toBeGreaterThan(0);
        for (const item of list ?? []) {
          expect(typeof item.id).toBe('string');
          expect(typeof item.label).toBe('string');
          expect(typeof item.type).toBe('string');
        }
      }
      for (const filter of dataset?.filters ?? []) {
        expect(Array.isArray(filter.operators)).toBe(true);
        expect(filter.operators?.length).toBeGreaterThan(0);
        for (const operator of filter.operators ?? []) expect(typeof operator).toBe('string');
      }
    },
  );
});

describe('empty seed', () => {
  let s: Harness;
  beforeAll(async () => {
    s = await startServer({ keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }], seed: 'empty' });
  });
  afterAll(() => s.stop());

  it('has no tasks and no promotions', async () => {
    expect(await s.tareas()).toEqual([]);
    expect(await s.promociones()).toEqual([]);
  });
});

describe('admin reset', () => {
  let s: Harness;
  beforeAll(async () => {
    s = await startServer({ keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }] });
  });
  afterAll(() => s.stop());

  it('admin.reset() restores the seed: created customers are gone and task statuses are back', async () => {
    const [tarea] = await s.tareas();
    const { uid } = await s.newCliente();
    expectOk(
      await s.op('tareas.setStatus', {
        params: { tareaId: tarea?.tareaId as number },
        body: { status: tarea?.status === 1 ? 0 : 1 },
      }),
    );
    await s.admin.reset();
    expectEnvelopeError(await s.op('clientes.retrieve', { params: { uid } }), 404, ERROR_CODES.notFound);
    expect((await s.tareas()).find((t) => t.tareaId === tarea?.tareaId)?.status).toBe(tarea?.status);
  });

  it('POST /__admin/reset (no API key) restores the seed too', async () => {
    const { uid } = await s.newCliente();
    const reply = await s.call('POST', '/__admin/reset', { key: null });
    expect(reply.status, reply.text).toBeLessThan(300);
    expectEnvelopeError(await s.op('clientes.retrieve', { params: { uid } }), 404, ERROR_CODES.notFound);
  });

  it('reset forgets the movements made since the seed', async () => {
    const { uid } = await s.newCliente();
    await s.give(uid, 10, 'antes del reset');
    expect((await s.audit()).some((entry) => entry.motivo === 'antes del reset')).toBe(true);
    await s.admin.reset();
    expect((await s.audit()).some((entry) => entry.motivo === 'antes del reset')).toBe(false);
  });
});

describe('listening', () => {
  it('binds 127.0.0.1 by default', async () => {
    const s = await startServer({ keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }] }, null);
    try {
      const url = new URL(s.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(Number(url.port)).toBeGreaterThan(0);
      expect((await s.op('tareas.list')).status).toBe(200);
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      if (external) {
        await expect(
          request(`http://${external.address}:${url.port}/ext/v3/tareas`, { headers: { apikey: ADMIN_KEY } }),
        ).rejects.toThrow();
      }
    } finally {
      await s.stop();
    }
  });

  it('close() stops accepting connections', async () => {
    const s = await startServer({ keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }] });
    const url = s.url;
    expect((await s.op('tareas.list')).status).toBe(200);
    await s.stop();
    await expect(request(`${url}/ext/v3/tareas`, { headers: { apikey: ADMIN_KEY } })).rejects.toThrow();
  });
});
