import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APIPromise, NotFoundError } from '../../src/index.js';
import { createTestClient } from '../../src/server/index.js';
import { aTurn } from '../support/async.js';
import { clientFor, failure, json, SUCCESS_META, success, useStub } from '../support/stub-server.js';

const stub = useStub();

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});

afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Lets pending rejections be reported: Node reports them once the microtasks of a turn have run. */
const settle = aTurn;

describe('.withResponse()', () => {
  it('gives data, meta, status, headers and the Idempotency-Key sent', async () => {
    stub.script(success({ saldo: 20 }, { 'x-request-id': 'req-ok' }));
    const response = await clientFor(stub).clientes.puntos.add('u-1', { puntos: 20 }).withResponse();
    expect(response.data).toEqual({ saldo: 20 });
    expect(response.meta).toEqual(SUCCESS_META);
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('req-ok');
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.idempotencyKey).toBe(stub.only.headers['idempotency-key']);
    expect(Object.keys(response).sort()).toEqual([
      'data',
      'headers',
      'idempotencyKey',
      'meta',
      'replayed',
      'status',
    ]);
  });

  it('says replayed: true when the service answers a keyed write with Idempotent-Replayed: true', async () => {
    stub.script(success({ saldo: 20 }, { 'idempotent-replayed': 'true' }));
    const response = await clientFor(stub)
      .clientes.puntos.add('u-1', { puntos: 20 }, { idempotencyKey: 'replay-key-01' })
      .withResponse();
    expect(response.replayed).toBe(true);
  });

  it('says replayed: false for a new answer (no Idempotent-Replayed header)', async () => {
    stub.script(success({ saldo: 20 }));
    const response = await clientFor(stub).clientes.puntos.add('u-1', { puntos: 20 }).withResponse();
    expect(response.replayed).toBe(false);
  });

  it('says replayed: false for a call sent without a key, whatever the headers say', async () => {
    stub.script(success([], { 'idempotent-replayed': 'true' }));
    const response = await clientFor(stub).tareas.list().withResponse();
    expect(response.replayed).toBe(false);
  });

  it('gives a record that spreads and serializes whole, headers and replayed included', async () => {
    stub.script(success({ saldo: 20 }, { 'x-request-id': 'req-whole', 'idempotent-replayed': 'true' }));
    const response = await clientFor(stub).clientes.puntos.add('u-1', { puntos: 20 }).withResponse();
    const spread = { ...response };
    expect(spread.headers['x-request-id']).toBe('req-whole');
    expect(spread.replayed).toBe(true);
    const serialized = JSON.parse(JSON.stringify(response));
    expect(serialized.headers['x-request-id']).toBe('req-whole');
    expect(serialized.replayed).toBe(true);
    expect(serialized.data).toEqual({ saldo: 20 });
  });

  it('gives the same record each time withResponse() is asked', async () => {
    stub.script(success({ saldo: 20 }));
    const call = clientFor(stub).clientes.puntos.add('u-1', { puntos: 20 });
    expect(await call.withResponse()).toBe(await call.withResponse());
  });

  it('against the reference server: the same key and body twice, the second answer is the first one replayed', async () => {
    const { client, admin } = await createTestClient();
    const uid = admin.createCustomer({ puntos: 100 });
    const call = () =>
      client.clientes.puntos
        .add(uid, { puntos: 5, motivo: 'replay' }, { idempotencyKey: 'replay-ref-0001' })
        .withResponse();
    const first = await call();
    const second = await call();
    expect([first.replayed, second.replayed]).toEqual([false, true]);
    expect(second.data).toEqual(first.data);
    expect(admin.customer(uid)?.puntos).toBe(105);
  });

  it("gives the caller's idempotencyKey when one was given", async () => {
    const response = await clientFor(stub)
      .grupos.nombre.set(5, { nombre: 'VIP' }, { idempotencyKey: 'name-key-0001' })
      .withResponse();
    expect(response.idempotencyKey).toBe('name-key-0001');
  });

  it('gives idempotencyKey undefined for a read', async () => {
    const response = await clientFor(stub).tareas.list().withResponse();
    expect(response.idempotencyKey).toBeUndefined();
  });

  it('keeps unknown meta fields the server sends', async () => {
    stub.script(
      json(200, { codigoRespuesta: 0, msj: 'Éxito', data: [], meta: { ...SUCCESS_META, region: 'eu-1' } }),
    );
    const response = await clientFor(stub).tareas.list().withResponse();
    expect(response.meta).toEqual({ ...SUCCESS_META, region: 'eu-1' });
  });
});

describe('the returned promise', () => {
  it('is an APIPromise and a Promise', () => {
    const promise = clientFor(stub).tareas.list();
    expect(promise).toBeInstanceOf(APIPromise);
    expect(promise).toBeInstanceOf(Promise);
    return promise;
  });

  it('resolves to data when awaited', async () => {
    stub.script(success([{ tareaId: 1, nombre: 'Bienvenida', status: 1 }]));
    expect(await clientFor(stub).tareas.list()).toEqual([{ tareaId: 1, nombre: 'Bienvenida', status: 1 }]);
  });

  it('sends one request when both awaited and asked withResponse()', async () => {
    stub.script(success({ ok: 1 }));
    const promise = clientFor(stub).tareas.list();
    const [data, response] = await Promise.all([promise, promise.withResponse()]);
    expect(data).toEqual({ ok: 1 });
    expect(response.data).toEqual({ ok: 1 });
    expect(stub.count).toBe(1);
  });

  it('rejects with the mapped error when awaited', async () => {
    stub.script(failure(404));
    await expect(clientFor(stub).clientes.retrieve('nadie')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('using only withResponse() on a failing call leaves no unhandled rejection', async () => {
    stub.script(failure(404));
    await expect(clientFor(stub).clientes.retrieve('nadie').withResponse()).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('using only withResponse() on an invalid call leaves no unhandled rejection', async () => {
    await expect(clientFor(stub).clientes.puntos.add('u-1', { puntos: 0 }).withResponse()).rejects.toThrow(
      /puntos/,
    );
    await settle();
    expect(unhandled).toEqual([]);
    expect(stub.count).toBe(0);
  });

  it('catch() on a failing call handles the error and leaves no unhandled rejection', async () => {
    stub.script(failure(404));
    const caught = await clientFor(stub)
      .clientes.retrieve('nadie')
      .catch((error: unknown) => (error as Error).name);
    expect(caught).toBe('NotFoundError');
    await settle();
    expect(unhandled).toEqual([]);
  });
});
