import { describe, expect, it } from 'vitest';
import { type Operation, operations } from '../../src/operations/table.js';
import { ReadCache } from '../../src/server/engine/read-cache.js';
import type { Engine } from '../../src/server/internal.js';
import { ServerState } from '../../src/server/state/server-state.js';
import { api, call, callSample, newEngine, newIdem } from '../support/in-process-engine.js';

// The engine keeps the JSON text of what reads return until the state changes. These tests
// warm that cache with every read, change the state, and check that no read shows the old state.

const reads = operations.filter((operation) => operation.method === 'GET');
const writes = operations.filter((operation) => operation.method !== 'GET');

/** The `data` of every read, as text, in table order. */
async function everyRead(engine: Engine): Promise<string[]> {
  const texts: string[] = [];
  for (const operation of reads) {
    const reply = await callSample(engine, operation);
    expect(reply.status, operation.id).toBe(200);
    texts.push(JSON.stringify(reply.json.data));
  }
  return texts;
}

type Change = (engine: Engine) => Promise<unknown> | unknown;

/** Writes with a real effect: the table's samples, plus applied (not dry-run) group actions. */
const changes: Array<[string, Change]> = [
  ...writes.map((operation): [string, Change] => [operation.id, (engine) => callSample(engine, operation)]),
  [
    'grupos.puntos.add applied',
    (engine) => call(engine, 'POST', api('/grupos/1/puntos'), { body: { puntos: 3 }, idem: newIdem() }),
  ],
  [
    'grupos.etiquetas.add applied',
    (engine) =>
      call(engine, 'POST', api('/grupos/1/etiquetas'), { body: { etiqueta: 'nueva' }, idem: newIdem() }),
  ],
  ['admin.createCustomer', (engine) => engine.admin.createCustomer({ uid: 'cli_9999', puntos: 5 })],
  ['admin.createGroup', (engine) => engine.admin.createGroup({ uids: ['cli_0001'] })],
  ['admin.createTask', (engine) => engine.admin.createTask({ nombre: 'Nueva', status: 1 })],
  [
    'POST /__admin/reset after a change',
    async (engine) => {
      await callSample(engine, operations.find((o) => o.id === 'clientes.update') as Operation);
      await everyRead(engine);
      return engine.handle({ method: 'POST', path: '/__admin/reset', query: '', headers: {} });
    },
  ],
];

describe('reads kept as text never outlive a change', () => {
  it.each(changes)(
    'after %s, every read answers what a server that never kept a read answers',
    async (_name, change) => {
      const warm = newEngine().engine;
      await everyRead(warm);
      await change(warm);
      const cold = newEngine().engine;
      await change(cold);
      expect(await everyRead(warm)).toEqual(await everyRead(cold));
    },
  );

  it('a change shows in the very next read of the same record', async () => {
    const { engine } = newEngine();
    const path = api('/clientes/cli_0001');
    await call(engine, 'GET', path);
    await call(engine, 'PATCH', path, { body: { ciudad: 'Quito' }, idem: newIdem() });
    const after = await call<{ ciudad: string }>(engine, 'GET', path);
    expect(after.json.data?.ciudad).toBe('Quito');
  });
});

describe('ReadCache', () => {
  it('gives the same text for the same object until the data changes', () => {
    const data = new ServerState('empty');
    const reads = new ReadCache(data);
    const record = { puntos: 1 };
    expect(reads.json(record)).toBe('{"puntos":1}');
    record.puntos = 2;
    expect(reads.json(record)).toBe('{"puntos":1}');
    data.change(() => undefined);
    expect(reads.json(record)).toBe('{"puntos":2}');
  });

  it('keeps texts per object', () => {
    const reads = new ReadCache(new ServerState('empty'));
    expect(reads.json({ a: 1 })).toBe('{"a":1}');
    expect(reads.json({ a: 2 })).toBe('{"a":2}');
  });

  it('a reset is a change: texts kept before it are not reused', () => {
    const data = new ServerState('empty');
    const reads = new ReadCache(data);
    const record = { puntos: 1 };
    reads.json(record);
    record.puntos = 3;
    data.reset();
    expect(reads.json(record)).toBe('{"puntos":3}');
  });
});
