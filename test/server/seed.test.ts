import { describe, expect, it } from 'vitest';
import { TIPO } from '../../src/operations/promociones.js';
import type { Engine } from '../../src/server/internal.js';
import type { Cliente, Promocion, PuntosMovimiento, Tarea } from '../../src/types.js';
import { api, call, newEngine, newIdem } from '../support/in-process-engine.js';

async function data<Data>(engine: Engine, path: string, query = ''): Promise<Data> {
  return (await call<Data>(engine, 'GET', api(path), { query })).json.data as Data;
}

/** Group ids answered by a dry run: the seed's groups. */
async function groupSizes(engine: Engine): Promise<number[]> {
  const sizes: number[] = [];
  for (let grupoId = 1; grupoId <= 10; grupoId += 1) {
    const reply = await call<{ afectados: number }>(engine, 'POST', api(`/grupos/${grupoId}/etiquetas`), {
      body: { etiqueta: 'sonda', dryRun: true },
      idem: newIdem(),
    });
    if (reply.status === 200) sizes.push(reply.json.data?.afectados as number);
  }
  return sizes;
}

const seededUids = Array.from({ length: 24 }, (_, index) => `cli_${String(index + 1).padStart(4, '0')}`);

describe('demo seed', () => {
  it('has at least 20 customers with varied balances and levels', () => {
    const { engine } = newEngine();
    const customers = seededUids.map((uid) => engine.admin.customer(uid) as Cliente);
    expect(customers.every(Boolean)).toBe(true);
    expect(new Set(customers.map((customer) => customer.puntos)).size).toBeGreaterThan(15);
    expect(new Set(customers.map((customer) => customer.nivel))).toEqual(new Set(['Bronce', 'Plata', 'Oro']));
    expect(new Set(customers.map((customer) => customer.ciudad)).size).toBeGreaterThan(3);
  });

  it('has 3 groups, one of them holding every customer', async () => {
    const { engine } = newEngine();
    const sizes = await groupSizes(engine);
    expect(sizes).toHaveLength(3);
    expect(Math.max(...sizes)).toBe(seededUids.length);
  });

  it('has 5 tasks with both statuses', async () => {
    const { engine } = newEngine();
    const tasks = await data<Tarea[]>(engine, '/tareas');
    expect(tasks).toHaveLength(5);
    expect(new Set(tasks.map((task) => task.status))).toEqual(new Set([0, 1]));
  });

  it('has gifts, code coupons (101) and games (7), in every state', async () => {
    const { engine } = newEngine();
    const promotions = await data<Promocion[]>(engine, '/promociones');
    const tipos = new Set(promotions.map((promotion) => promotion.tipo));
    expect(tipos).toContain(TIPO.codeCoupon);
    expect(tipos).toContain(TIPO.game);
    expect([...tipos].some((tipo) => tipo !== TIPO.codeCoupon && tipo !== TIPO.game)).toBe(true);
    expect(new Set(promotions.map((promotion) => promotion.estado))).toEqual(
      new Set(['activa', 'inactiva', 'programada']),
    );
    for (const promotion of promotions) {
      expect(promotion.fechaProgramada === null).toBe(promotion.estado !== 'programada');
    }
  });

  it("every seeded balance equals the sum of the customer's history", async () => {
    const { engine } = newEngine();
    for (const uid of seededUids) {
      const history = await data<PuntosMovimiento[]>(engine, `/clientes/${uid}/puntos`);
      expect(
        history.reduce((sum, movement) => sum + movement.puntos, 0),
        uid,
      ).toBe(engine.admin.customer(uid)?.puntos);
    }
  });

  it('some seeded levels lag behind the balance, so recalculation has something to do', async () => {
    const { engine } = newEngine();
    const changed = [];
    for (const uid of seededUids) {
      const reply = await call<{ cambio: boolean }>(engine, 'POST', api(`/clientes/${uid}/nivel/recalcular`));
      if (reply.json.data?.cambio) changed.push(uid);
    }
    expect(changed.length).toBeGreaterThan(0);
  });

  it('is deterministic: two engines hold the same data', async () => {
    const first = newEngine().engine;
    const second = newEngine().engine;
    for (const path of [
      '/tareas',
      '/promociones',
      '/configuracion/niveles',
      '/reportes/catalogo',
      '/clientes/cli_0007/puntos',
    ]) {
      expect(await data(first, path), path).toEqual(await data(second, path));
    }
    expect(first.admin.customer('cli_0007')).toEqual(second.admin.customer('cli_0007'));
  });
});

describe('empty seed', () => {
  it('has no customers, tasks or promotions', async () => {
    const { engine } = newEngine({ seed: 'empty' });
    expect(engine.admin.customer('cli_0001')).toBeUndefined();
    expect(await data(engine, '/tareas')).toEqual([]);
    expect(await data(engine, '/promociones')).toEqual([]);
    expect(await groupSizes(engine)).toEqual([]);
  });

  it("keeps the program's configuration: levels and report catalog", async () => {
    const { engine } = newEngine({ seed: 'empty' });
    expect(await data<unknown[]>(engine, '/configuracion/niveles')).toHaveLength(3);
    expect(Object.keys(await data<object>(engine, '/reportes/catalogo'))).toHaveLength(4);
  });
});
