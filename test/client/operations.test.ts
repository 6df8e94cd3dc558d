import { describe, expect, it } from 'vitest';
import { type LoyaltyClient, LoyaltyValidationError, type OperationId } from '../../src/index.js';
import { API_PREFIX, operationIds, operations, pathParamNames } from '../../src/operations/index.js';
import { CASES, invoke, methodOf } from '../support/sdk-call-cases.js';
import { clientFor, rejection, TEST_KEY, UUID_V4, useStub } from '../support/stub-server.js';

const stub = useStub();

const writes = operations.filter((operation) => operation.idempotency !== 'none');
const reads = operations.filter((operation) => operation.idempotency === 'none');
const withBody = operations.filter((operation) => 'body' in operation);
const withoutBody = operations.filter((operation) => !('body' in operation));
const keyRequired = operations.filter((operation) => operation.idempotency === 'required');
const keyNotRequired = operations.filter((operation) => operation.idempotency !== 'required');
const keyOptional = operations.filter((operation) => operation.idempotency === 'optional');

/** Every SDK method reachable from the client's resources, as operation ids. */
function sdkMethodIds(node: object, prefix: string[] = []): string[] {
  const ids: string[] = [];
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(node))) {
    if (name === 'constructor' || prefix.length === 0) continue;
    if (typeof (node as Record<string, unknown>)[name] === 'function') ids.push([...prefix, name].join('.'));
  }
  for (const [name, value] of Object.entries(node)) {
    if (value !== null && typeof value === 'object') ids.push(...sdkMethodIds(value, [...prefix, name]));
  }
  return ids;
}

describe('the operation table and the SDK methods', () => {
  it('has exactly one test case per operation of the table', () => {
    expect(Object.keys(CASES).sort()).toEqual([...operationIds].sort());
    expect(operations.map((operation) => operation.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]);
  });

  it('exposes one SDK method per operation and no method outside the table', () => {
    const client = clientFor(stub);
    expect(sdkMethodIds(client).sort()).toEqual([...operationIds].sort());
  });

  it.each(operations)(
    '#$number $id: client.$id exists and its call hits API_PREFIX + the table path',
    async (operation) => {
      const client = clientFor(stub);
      expect(typeof methodOf(client, operation.id)).toBe('function');
      await invoke(client, operation.id);
      const params = CASES[operation.id].params;
      const expectedPath = `${API_PREFIX}${operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(String(params[name])),
      )}`;
      expect(stub.only.pathname).toBe(expectedPath);
      expect(stub.only.method).toBe(operation.method);
    },
  );

  it('takes path parameters in the order of the path placeholders', () => {
    for (const operation of operations) {
      expect(Object.keys(CASES[operation.id].params)).toEqual(pathParamNames(operation.path));
    }
  });
});

describe('what each operation sends', () => {
  it.each(operations)(
    '#$number $id sends $method to its URL with encoded path parameters and query',
    async (operation) => {
      await invoke(clientFor(stub), operation.id);
      expect(stub.only.method).toBe(operation.method);
      expect(stub.only.url).toBe(CASES[operation.id].url);
    },
  );

  it.each(operations)('#$number $id sends the apikey header', async (operation) => {
    await invoke(clientFor(stub), operation.id);
    expect(stub.only.headers.apikey).toBe(TEST_KEY);
  });

  it.each(withBody)(
    '#$number $id sends its JSON body with Content-Type: application/json',
    async (operation) => {
      await invoke(clientFor(stub), operation.id);
      expect(stub.only.headers['content-type']).toBe('application/json');
      expect(JSON.parse(stub.only.body)).toEqual(CASES[operation.id].body);
    },
  );

  it.each(withoutBody)('#$number $id sends no body and no Content-Type', async (operation) => {
    await invoke(clientFor(stub), operation.id);
    expect(stub.only.body).toBe('');
    expect(stub.only.headers['content-type']).toBeUndefined();
    expect(CASES[operation.id].body).toBeUndefined();
  });

  it('encodes a uid with a slash as one path segment', async () => {
    await clientFor(stub).clientes.retrieve('a/b');
    expect(stub.only.url).toBe('/ext/v3/clientes/a%2Fb');
  });

  it("encodes 'ñ ?#' in a uid so that neither query nor fragment starts", async () => {
    await clientFor(stub).clientes.puntos.list('ñ ?#');
    expect(stub.only.url).toBe('/ext/v3/clientes/%C3%B1%20%3F%23/puntos');
  });

  it('sends completo=true in the query of clientes.retrieve', async () => {
    await clientFor(stub).clientes.retrieve('u-1', { completo: true });
    expect(stub.only.url).toBe('/ext/v3/clientes/u-1?completo=true');
  });

  it('sends no query when optional query parameters are omitted', async () => {
    const client = clientFor(stub);
    await client.clientes.retrieve('u-1');
    await client.promociones.list();
    expect(stub.requests.map((request) => request.url)).toEqual([
      '/ext/v3/clientes/u-1',
      '/ext/v3/promociones',
    ]);
  });

  it('sends tipo=0 (a falsy value) in the query of promociones.list', async () => {
    await clientFor(stub).promociones.list({ tipo: 0 });
    expect(stub.only.url).toBe('/ext/v3/promociones?tipo=0');
  });
});

describe('Idempotency-Key', () => {
  it('is required by exactly operations 3, 5, 6, 8, 11 and 12 of the table', () => {
    expect(keyRequired.map((operation) => operation.number)).toEqual([3, 5, 6, 8, 11, 12]);
    expect(keyOptional.map((operation) => operation.number)).toEqual([2, 9, 13, 15]);
  });

  it.each(keyRequired)('#$number $id always sends a fresh UUID v4 as Idempotency-Key', async (operation) => {
    const client = clientFor(stub);
    await invoke(client, operation.id);
    await invoke(client, operation.id);
    const [first, second] = stub.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(second).not.toBe(first);
  });

  it.each(keyNotRequired)(
    '#$number $id sends no Idempotency-Key unless the caller gives one',
    async (operation) => {
      await invoke(clientFor(stub), operation.id);
      expect(stub.only.headers).not.toHaveProperty('idempotency-key');
    },
  );

  it.each(writes)("#$number $id sends the caller's idempotencyKey as given", async (operation) => {
    const idempotencyKey = `caller-key-${operation.number}-Zz9`;
    await invoke(clientFor(stub), operation.id, { options: { idempotencyKey } });
    expect(stub.only.headers['idempotency-key']).toBe(idempotencyKey);
  });

  it.each(reads)(
    '#$number $id refuses an idempotencyKey with LoyaltyValidationError and sends nothing',
    async (operation) => {
      const error = await rejection(
        invoke(clientFor(stub), operation.id, { options: { idempotencyKey: 'read-key-123' } }),
      );
      expect(error).toBeInstanceOf(LoyaltyValidationError);
      expect((error as LoyaltyValidationError).issues.map((issue) => issue.path)).toEqual([
        ['header', 'Idempotency-Key'],
      ]);
      expect(stub.count).toBe(0);
    },
  );
});

describe('typed SDK calls', () => {
  // The same calls as the table-driven tests, written as an integrator writes them (type-checked).
  const calls: [OperationId, (client: LoyaltyClient) => PromiseLike<unknown>][] = [
    ['tareas.list', (c) => c.tareas.list()],
    ['tareas.setStatus', (c) => c.tareas.setStatus(12, { status: 0, nombre: 'Bienvenida' })],
    [
      'clientes.create',
      (c) =>
        c.clientes.create({
          usuarioData: { nombre: 'Ana', email: 'ana@example.com', extra: 'kept' },
          usuarioPassword: 'pw',
        }),
    ],
    ['clientes.retrieve', (c) => c.clientes.retrieve('a/b', { completo: false })],
    [
      'clientes.update',
      (c) => c.clientes.update('ñ ?#', { nombre: 'Ana', tipoContribuyente: 6, birthday: '2000-02-29' }),
    ],
    ['clientes.puntos.add', (c) => c.clientes.puntos.add('u-1', { puntos: 150, motivo: 'bono' })],
    ['clientes.puntos.list', (c) => c.clientes.puntos.list('a/b')],
    [
      'clientes.notificaciones.send',
      (c) => c.clientes.notificaciones.send('ñ ?#', { titulo: 'Hola', mensaje: 'Tienes puntos' }),
    ],
    ['clientes.nivel.recalculate', (c) => c.clientes.nivel.recalculate('a/b')],
    ['configuracion.niveles.list', (c) => c.configuracion.niveles.list()],
    ['grupos.puntos.add', (c) => c.grupos.puntos.add(5, { dryRun: true, puntos: -20.5, motivo: 'ajuste' })],
    ['grupos.etiquetas.add', (c) => c.grupos.etiquetas.add(5, { dryRun: false, etiqueta: 'vip' })],
    ['grupos.nombre.set', (c) => c.grupos.nombre.set(5, { nombre: 'Clientes VIP' })],
    ['promociones.list', (c) => c.promociones.list({ tipo: 1 })],
    [
      'promociones.setStatus',
      (c) => c.promociones.setStatus(3, { comando: 'programar', fecha: '2024-01-01' }),
    ],
    [
      'promociones.cupones.list',
      (c) => c.promociones.cupones.list(3, { inicio: '2024-01-01', fin: '2024-01-31' }),
    ],
    ['reportes.catalogo.retrieve', (c) => c.reportes.catalogo.retrieve()],
    ['openapi.retrieve', (c) => c.openapi.retrieve()],
  ];

  it('covers all 18 operations', () => {
    expect(calls.map(([id]) => id)).toEqual(operationIds);
  });

  it.each(calls)('%s written by hand sends the same request as its table case', async (id, call) => {
    await call(clientFor(stub));
    expect(stub.only.url).toBe(CASES[id].url);
    expect(stub.only.json).toEqual(CASES[id].body);
  });
});
