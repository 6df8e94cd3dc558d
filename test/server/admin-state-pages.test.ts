/**
 * A state read never builds more than a few MiB, whatever the store holds: `GET /__admin/state`
 * and `GET /__admin/customers/<uid>` answer a page of each list (`?offset=&limit=`, at most 1,000
 * records and about 1 MiB of JSON each), and `page` says how long each list is and where the next
 * page starts (docs/reference-server.md, "Admin").
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/server/internal.js';
import { api, call, newEngine, newIdem } from '../support/in-process-engine.js';

interface ListPage {
  total: number;
  next: number | null;
}

interface StateData {
  customers: { uid: string }[];
  groups: unknown[];
  tasks: unknown[];
  promotions: unknown[];
  page: { offset: number; limit: number } & Record<'customers' | 'groups' | 'tasks' | 'promotions', ListPage>;
}

async function stateRead(engine: Engine, query = '') {
  const reply = await call<StateData>(engine, 'GET', '/__admin/state', { key: null, query });
  expect(reply.status, reply.body.slice(0, 300)).toBe(200);
  return { data: reply.json.data as StateData, length: reply.body.length };
}

describe('GET /__admin/state: a page of each list', () => {
  it('unasked, every list from its start, and page says each is whole', async () => {
    const { engine } = newEngine();
    const { data } = await stateRead(engine);
    expect(data.customers).toHaveLength(24);
    expect(data.page).toEqual({
      offset: 0,
      limit: 1_000,
      customers: { total: 24, next: null },
      groups: { total: 3, next: null },
      tasks: { total: 5, next: null },
      promotions: { total: 9, next: null },
    });
  });

  it('?limit= answers at most that many of each list, and next says where the rest starts', async () => {
    const { engine } = newEngine();
    const { data } = await stateRead(engine, 'limit=10');
    expect(data.customers.map((customer) => customer.uid)).toEqual(
      Array.from({ length: 10 }, (_, index) => `cli_${String(index + 1).padStart(4, '0')}`),
    );
    expect(data.page.customers).toEqual({ total: 24, next: 10 });
    expect(data.page.groups).toEqual({ total: 3, next: null });
  });

  it('?offset= reads on; a list shorter than the offset answers none', async () => {
    const { engine } = newEngine();
    const { data } = await stateRead(engine, 'offset=20&limit=10');
    expect(data.customers.map((customer) => customer.uid)).toEqual([
      'cli_0021',
      'cli_0022',
      'cli_0023',
      'cli_0024',
    ]);
    expect(data.page.customers).toEqual({ total: 24, next: null });
    expect(data.groups).toEqual([]);
  });

  it('a list holds about 1 MiB of JSON at most: 3 customers of 600 KB are answered one per read', async () => {
    const { engine } = newEngine({ seed: 'empty' });
    for (let index = 0; index < 3; index++) engine.admin.createCustomer({ nombre: 'x'.repeat(600_000) });
    const pages: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const read: Awaited<ReturnType<typeof stateRead>> = await stateRead(engine, `offset=${offset}`);
      expect(read.length).toBeLessThan(2 * 600_000);
      pages.push(read.data.customers.length);
      offset = read.data.page.customers.next;
    }
    expect(pages).toEqual([1, 1, 1]);
  });

  it('a record longer than the cap is answered alone, so reading on always moves', async () => {
    const { engine } = newEngine({ seed: 'empty' });
    engine.admin.createCustomer({ nombre: 'x'.repeat(2_000_000) });
    engine.admin.createCustomer({ nombre: 'corto' });
    const first = await stateRead(engine);
    expect(first.data.customers).toHaveLength(1);
    expect(first.data.page.customers).toEqual({ total: 2, next: 1 });
    const second = await stateRead(engine, 'offset=1');
    expect(second.data.customers).toHaveLength(1);
  });

  it.each([
    ['limit=0', 'limit', 'must be 1..1000'],
    ['limit=1001', 'limit', 'must be 1..1000'],
    ['offset=-1', 'offset', 'must be a whole number'],
    ['offset=x', 'offset', 'must be a whole number'],
    ['cursor=1', 'cursor', 'is not a known key'],
  ])('?%s is a 400 naming the parameter', async (query, name, message) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', '/__admin/state', { key: null, query });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toEqual([
      expect.objectContaining({ in: 'query', name, message: expect.stringContaining(message) }),
    ]);
  });
});

describe('GET /__admin/customers/<uid>: a page of its movements and of its audit', () => {
  it('?limit= and ?offset= page both lists; page says how long each is', async () => {
    const { engine } = newEngine();
    const uid = engine.admin.createCustomer({ puntos: 100 });
    for (let index = 0; index < 5; index++) {
      await call(engine, 'POST', api(`/clientes/${uid}/puntos`), {
        body: { puntos: index + 1 },
        idem: newIdem(),
      });
    }
    const reply = await call<{
      customer: { uid: string };
      movements: { puntos: number }[];
      audit: { puntos: number }[];
      page: { offset: number; limit: number } & Record<'movements' | 'audit', ListPage>;
    }>(engine, 'GET', `/__admin/customers/${uid}`, { key: null, query: 'offset=1&limit=2' });
    const data = reply.json.data;
    expect(data?.customer.uid).toBe(uid);
    // The opening balance is a movement the audit does not hold (no request made it).
    expect(data?.movements.map((movement) => movement.puntos)).toEqual([1, 2]);
    expect(data?.audit.map((entry) => entry.puntos)).toEqual([2, 3]);
    expect(data?.page).toEqual({
      offset: 1,
      limit: 2,
      movements: { total: 6, next: 3 },
      audit: { total: 5, next: 3 },
    });
  });
});
