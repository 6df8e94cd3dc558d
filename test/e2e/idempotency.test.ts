/**
 * Idempotent replay end to end: a write repeated with its idempotencyKey and the same body gets
 * the first answer again (data and meta.requestId alike) and has its effect once.
 */
import { type LoyaltyClient, NotFoundError, UnprocessableEntityError } from 'loyalty-sdk';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf, useLiveServer } from '../support/live-server.js';

const SECOND_KEY = 'e2e-second-writer-key-4d2b6f8a1c';

const server = useLiveServer({ keys: [{ key: SECOND_KEY, appId: 12, scopes: ['puntos:write'] }] });
let client: LoyaltyClient;

beforeAll(() => {
  client = server.client();
});

beforeEach(() => {
  server.admin.reset();
});

const balanceOf = (uid: string) => server.admin.customer(uid)?.puntos;

describe('clientes.puntos.add with the same idempotencyKey and body', () => {
  const options = { idempotencyKey: 'e2e-replay-puntos-0001' };
  const body = { puntos: 75, motivo: 'Compra 1234' };

  it('returns identical data and meta.requestId the second time', async () => {
    const first = await client.clientes.puntos.add('cli_0002', body, options).withResponse();
    const second = await client.clientes.puntos.add('cli_0002', body, options).withResponse();
    expect(second.data).toEqual(first.data);
    expect(second.meta).toEqual(first.meta);
    expect(second.meta.requestId).toBe(first.meta.requestId);
    expect(second.idempotencyKey).toBe(options.idempotencyKey);
  });

  it('marks only the replay with idempotent-replayed: true', async () => {
    const first = await client.clientes.puntos.add('cli_0002', body, options).withResponse();
    const second = await client.clientes.puntos.add('cli_0002', body, options).withResponse();
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('changes the balance, the history and the audit once', async () => {
    await client.clientes.puntos.add('cli_0002', body, options);
    await client.clientes.puntos.add('cli_0002', body, options);
    await client.clientes.puntos.add('cli_0002', body, options);
    expect(balanceOf('cli_0002')).toBe(75);
    const history = await client.clientes.puntos.list('cli_0002');
    expect(history.filter((movement) => movement.motivo === 'Compra 1234')).toHaveLength(1);
    expect(server.admin.audit().map(({ uid, puntos, motivo }) => ({ uid, puntos, motivo }))).toEqual([
      { uid: 'cli_0002', puntos: 75, motivo: 'Compra 1234' },
    ]);
  });

  it('without an idempotencyKey the same call twice is two movements', async () => {
    await client.clientes.puntos.add('cli_0002', body);
    await client.clientes.puntos.add('cli_0002', body);
    expect(balanceOf('cli_0002')).toBe(150);
    expect(server.admin.audit()).toHaveLength(2);
  });

  it('another API key using the same idempotencyKey is a request of its own', async () => {
    const second = server.client({ apiKey: SECOND_KEY });
    const mine = await client.clientes.puntos.add('cli_0002', body, options).withResponse();
    const theirs = await second.clientes.puntos.add('cli_0002', body, options).withResponse();
    expect(theirs.meta.requestId).not.toBe(mine.meta.requestId);
    expect(theirs.meta.appId).toBe(12);
    expect(theirs.data.saldo).toBe(150);
    expect(balanceOf('cli_0002')).toBe(150);
  });
});

describe('remembered outcomes other than success', () => {
  it('a 422 is replayed with its requestId even once the balance would cover the removal', async () => {
    const options = { idempotencyKey: 'e2e-replay-422-0001' };
    const first = await rejectionOf(client.clientes.puntos.add('cli_0002', { puntos: -50 }, options));
    expect(first).toBeInstanceOf(UnprocessableEntityError);
    await client.clientes.puntos.add('cli_0002', { puntos: 100 });
    const again = await rejectionOf(client.clientes.puntos.add('cli_0002', { puntos: -50 }, options));
    expect(again).toBeInstanceOf(UnprocessableEntityError);
    expect((again as UnprocessableEntityError).requestId).toBe((first as UnprocessableEntityError).requestId);
    expect(balanceOf('cli_0002')).toBe(100);
  });

  it('a 404 is replayed with its requestId', async () => {
    const options = { idempotencyKey: 'e2e-replay-404-0001' };
    const first = await rejectionOf(client.clientes.update('cli_9999', { ciudad: 'Lima' }, options));
    const again = await rejectionOf(client.clientes.update('cli_9999', { ciudad: 'Lima' }, options));
    expect(first).toBeInstanceOf(NotFoundError);
    expect(again).toBeInstanceOf(NotFoundError);
    expect((again as NotFoundError).requestId).toBe((first as NotFoundError).requestId);
  });
});

describe('group actions with the same idempotencyKey and body', () => {
  const MEMBERS = ['cli_0003', 'cli_0005'];

  it('grupos.puntos.add is replayed with its requestId and applied to each member once', async () => {
    const grupoId = server.admin.createGroup({ uids: MEMBERS });
    const options = { idempotencyKey: 'e2e-replay-grupo-0001' };
    const body = { puntos: 30, motivo: 'Campaña única' };
    const first = await client.grupos.puntos.add(grupoId, body, options).withResponse();
    const second = await client.grupos.puntos.add(grupoId, body, options).withResponse();
    expect(second.data).toEqual({ grupoId, dryRun: false, afectados: 2, costoEstimado: 60 });
    expect(second.data).toEqual(first.data);
    expect(second.meta.requestId).toBe(first.meta.requestId);
    expect(MEMBERS.map(balanceOf)).toEqual([1_010, 350]);
    expect(server.admin.audit().map((entry) => [entry.uid, entry.puntos, entry.grupoId])).toEqual([
      ['cli_0003', 30, grupoId],
      ['cli_0005', 30, grupoId],
    ]);
  });

  it('grupos.etiquetas.add is replayed with its requestId', async () => {
    const grupoId = server.admin.createGroup({ uids: MEMBERS });
    const options = { idempotencyKey: 'e2e-replay-etiqueta-0001' };
    const first = await client.grupos.etiquetas.add(grupoId, { etiqueta: 'única' }, options).withResponse();
    const second = await client.grupos.etiquetas.add(grupoId, { etiqueta: 'única' }, options).withResponse();
    expect(second.meta.requestId).toBe(first.meta.requestId);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(server.admin.customer('cli_0003')?.etiquetas).toEqual(['newsletter', 'única']);
  });
});

describe('writes where the key is optional (2, 9, 13, 15)', () => {
  it('grupos.nombre.set with a caller key is replayed with its requestId', async () => {
    const options = { idempotencyKey: 'e2e-replay-nombre-0001' };
    const first = await client.grupos.nombre.set(2, { nombre: 'Oro' }, options).withResponse();
    const second = await client.grupos.nombre.set(2, { nombre: 'Oro' }, options).withResponse();
    expect(first.idempotencyKey).toBe(options.idempotencyKey);
    expect(second.meta.requestId).toBe(first.meta.requestId);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('tareas.setStatus without a key is sent as a new request each time', async () => {
    const first = await client.tareas.setStatus(3, { status: 1 }).withResponse();
    const second = await client.tareas.setStatus(3, { status: 1 }).withResponse();
    expect(first.idempotencyKey).toBeUndefined();
    expect(second.meta.requestId).not.toBe(first.meta.requestId);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
  });

  it('clientes.nivel.recalculate replayed with its key answers the first result, not a new one', async () => {
    const options = { idempotencyKey: 'e2e-replay-nivel-0001' };
    const first = await client.clientes.nivel.recalculate('cli_0001', options);
    const second = await client.clientes.nivel.recalculate('cli_0001', options);
    expect(first).toEqual({ uid: 'cli_0001', nivelAnterior: 'Bronce', nivel: 'Plata', cambio: true });
    expect(second).toEqual(first);
    expect(await client.clientes.nivel.recalculate('cli_0001')).toMatchObject({ cambio: false });
  });
});
