/**
 * Every one of the 18 SDK methods against a live reference server (demo seed, reset before each
 * test): the decoded `data` has the shape of src/operations/records.ts and the seeded values, and
 * `.withResponse()` carries status 200, the envelope's meta and the Idempotency-Key sent.
 */
import type { APIPromise, LoyaltyClient, OperationId } from 'loyalty-sdk';
import { getOperation, type Operation, operationIds, operations, renderHelp } from 'loyalty-sdk/operations';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_APP_ID, REQUEST_ID, recordingLogger, UUID_V4, useLiveServer } from '../support/live-server.js';

const server = useLiveServer();
const log = recordingLogger();
let client: LoyaltyClient;
/** The group of each test: made by the admin (standing in for segment evaluation) after the reset. */
let grupoId = 0;

beforeAll(() => {
  client = server.client({ logger: log.logger, logLevel: 'info' });
});

beforeEach(() => {
  server.admin.reset();
  grupoId = server.admin.createGroup({ uids: ['cli_0002', 'cli_0003'] });
});

type Call = (client: LoyaltyClient) => APIPromise<unknown>;

/** One call per operation, typed over every id: a new operation needs a row here. */
const CALLS: Record<OperationId, Call> = {
  'tareas.list': (c) => c.tareas.list(),
  'tareas.setStatus': (c) => c.tareas.setStatus(3, { status: 1, nombre: 'activada por e2e' }),
  'clientes.create': (c) =>
    c.clientes.create({
      usuarioData: {
        nombre: 'Lucía',
        apellido: 'Paz',
        email: 'lucia.paz@example.com',
        num_id: '52123456',
        tipo_id: 'CC',
        birthdate: '1990-05-04',
      },
    }),
  'clientes.retrieve': (c) => c.clientes.retrieve('cli_0004'),
  'clientes.update': (c) => c.clientes.update('cli_0004', { ciudad: 'Quito' }),
  'clientes.puntos.add': (c) => c.clientes.puntos.add('cli_0004', { puntos: 250, motivo: 'e2e' }),
  'clientes.puntos.list': (c) => c.clientes.puntos.list('cli_0004'),
  'clientes.notificaciones.send': (c) =>
    c.clientes.notificaciones.send('cli_0004', { titulo: 'Hola Diego', mensaje: 'Tienes 250 puntos nuevos' }),
  'clientes.nivel.recalculate': (c) => c.clientes.nivel.recalculate('cli_0001'),
  'configuracion.niveles.list': (c) => c.configuracion.niveles.list(),
  'grupos.puntos.add': (c) => c.grupos.puntos.add(grupoId, { puntos: 10, dryRun: true }),
  'grupos.etiquetas.add': (c) => c.grupos.etiquetas.add(grupoId, { etiqueta: 'e2e', dryRun: true }),
  'grupos.nombre.set': (c) => c.grupos.nombre.set(grupoId, { nombre: 'Grupo e2e' }),
  'promociones.list': (c) => c.promociones.list(),
  'promociones.setStatus': (c) => c.promociones.setStatus(2, { comando: 'activar' }),
  'promociones.cupones.list': (c) =>
    c.promociones.cupones.list(1, { inicio: '2025-03-01', fin: '2025-03-03' }),
  'reportes.catalogo.retrieve': (c) => c.reportes.catalogo.retrieve(),
  'openapi.retrieve': (c) => c.openapi.retrieve(),
};

type Row = Record<string, unknown>;
const rows = (data: unknown): Row[] => data as Row[];
const row = (data: unknown): Row => data as Row;

/** What each call answers on the demo seed: exact values, so a wrong answer fails. */
const EXPECTED: Record<OperationId, (data: unknown) => void> = {
  'tareas.list': (data) => {
    expect(rows(data).map((t) => [t.tareaId, t.status])).toEqual([
      [1, 1],
      [2, 1],
      [3, 0],
      [4, 0],
      [5, 1],
    ]);
  },
  'tareas.setStatus': (data) => {
    expect(row(data)).toMatchObject({
      tareaId: 3,
      nombre: 'Recordatorio de puntos por vencer',
      status: 1,
      ultimoCambio: { status: 1, nombre: 'activada por e2e' },
    });
  },
  'clientes.create': (data) => {
    expect(row(data)).toEqual({
      uid: 'cli_0025',
      email: 'lucia.paz@example.com',
      nombre: 'Lucía',
      apellido: 'Paz',
      numId: '52123456',
      tipoId: 'CC',
      birthday: '1990-05-04',
      puntos: 0,
      nivel: 'Bronce',
      etiquetas: [],
    });
  },
  'clientes.retrieve': (data) => {
    expect(row(data)).toMatchObject({
      uid: 'cli_0004',
      email: 'diego.lopez@example.com',
      nombre: 'Diego',
      apellido: 'López',
      ciudad: 'Bogotá',
      puntos: 5_000,
      nivel: 'Oro',
      etiquetas: ['vip'],
    });
  },
  'clientes.update': (data) => {
    expect(row(data)).toMatchObject({ uid: 'cli_0004', nombre: 'Diego', ciudad: 'Quito', puntos: 5_000 });
  },
  'clientes.puntos.add': (data) => {
    expect(row(data)).toEqual({
      uid: 'cli_0004',
      movimientoId: expect.stringMatching(/^mov_\d+$/),
      puntos: 250,
      saldo: 5_250,
    });
  },
  'clientes.puntos.list': (data) => {
    const history = rows(data);
    expect(history.every((movement) => movement.uid === 'cli_0004')).toBe(true);
    expect(history.reduce((sum, movement) => sum + (movement.puntos as number), 0)).toBe(5_000);
    expect(history.at(-1)?.saldo).toBe(5_000);
  },
  'clientes.notificaciones.send': (data) => {
    expect(row(data)).toMatchObject({
      notificacionId: expect.stringMatching(/^not_\d+$/),
      uid: 'cli_0004',
      titulo: 'Hola Diego',
      mensaje: 'Tienes 250 puntos nuevos',
      enviada: true,
    });
  },
  'clientes.nivel.recalculate': (data) => {
    expect(row(data)).toEqual({ uid: 'cli_0001', nivelAnterior: 'Bronce', nivel: 'Plata', cambio: true });
  },
  'configuracion.niveles.list': (data) => {
    expect(rows(data).map((nivel) => [nivel.nivelId, nivel.nombre, nivel.puntosMinimos])).toEqual([
      [1, 'Bronce', 0],
      [2, 'Plata', 1_000],
      [3, 'Oro', 5_000],
    ]);
  },
  'grupos.puntos.add': (data) => {
    expect(row(data)).toEqual({ grupoId, dryRun: true, afectados: 2, costoEstimado: 20 });
  },
  'grupos.etiquetas.add': (data) => {
    expect(row(data)).toEqual({ grupoId, dryRun: true, afectados: 2, costoEstimado: 0 });
  },
  'grupos.nombre.set': (data) => {
    expect(row(data)).toEqual({ grupoId, nombre: 'Grupo e2e' });
  },
  'promociones.list': (data) => {
    expect(rows(data).map((p) => p.regaloId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  },
  'promociones.setStatus': (data) => {
    expect(row(data)).toMatchObject({
      regaloId: 2,
      nombre: 'Entrada de cine 2x1',
      estado: 'activa',
      fechaProgramada: null,
    });
  },
  'promociones.cupones.list': (data) => {
    const uso = row(data);
    const dias = uso.dias as Row[];
    expect(uso).toMatchObject({ regaloId: 1, inicio: '2025-03-01', fin: '2025-03-03' });
    expect(dias.map((dia) => dia.fecha)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03']);
    expect(uso.total).toBe(dias.reduce((sum, dia) => sum + (dia.canjes as number), 0));
  },
  'reportes.catalogo.retrieve': (data) => {
    expect(Object.keys(row(data)).sort()).toEqual(['compras', 'lealtad', 'usuarios', 'wallet_descargas']);
  },
  'openapi.retrieve': (data) => {
    const document = row(data);
    expect(document.openapi).toMatch(/^3\.0\.\d+$/);
    const ids = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((item) => Object.values(item).map((method) => method.operationId))
      .sort();
    expect(ids).toEqual([...operationIds].sort());
  },
};

const cases = operations.map((operation) => [operation.id, operation] as const);

describe.each(cases)('%s', (id, operation: Operation) => {
  it('resolves to data of the records.ts shape with the seeded values', async () => {
    const data = await CALLS[id](client);
    expect(operation.data.safeParse(data).error).toBeUndefined();
    EXPECTED[id](data);
  });

  it('withResponse() gives status 200, a requestId echoed in x-request-id, the key appId and the scope', async () => {
    const response = await CALLS[id](client).withResponse();
    expect(response.status).toBe(200);
    expect(response.meta.requestId).toMatch(REQUEST_ID);
    expect(response.headers['x-request-id']).toBe(response.meta.requestId);
    expect(response.meta.appId).toBe(ALL_APP_ID);
    expect(response.meta.scope).toBe(operation.scope);
    expect(operation.data.safeParse(response.data).error).toBeUndefined();
  });

  it(
    operation.idempotency === 'required'
      ? 'withResponse() gives the fresh UUID sent as Idempotency-Key'
      : 'withResponse() gives idempotencyKey undefined when the caller gives none',
    async () => {
      const response = await CALLS[id](client).withResponse();
      if (operation.idempotency === 'required') expect(response.idempotencyKey).toMatch(UUID_V4);
      else expect(response.idempotencyKey).toBeUndefined();
    },
  );

  it('client.help(id) resolves to the plain-text help of the operation', async () => {
    const help = await client.help(id);
    expect(help).toBe(renderHelp(operation));
    const lines = help.split('\n');
    expect(lines[0]).toBe(`${id}: ${operation.summary}`);
    expect(lines).toContain(`${operation.method} /ext/v3${operation.path}`);
    expect(lines).toContain(`Scope: ${operation.scope ?? 'none'}`);
  });
});

describe('Idempotency-Key per operation', () => {
  it('exactly operations 3, 5, 6, 8, 11 and 12 carry a generated key', () => {
    const required = operations.filter((operation) => operation.idempotency === 'required');
    expect(required.map((operation) => operation.number)).toEqual([3, 5, 6, 8, 11, 12]);
  });

  it('two calls without a caller key send two different generated keys', async () => {
    const first = await CALLS['clientes.puntos.add'](client).withResponse();
    const second = await CALLS['clientes.puntos.add'](client).withResponse();
    expect(first.idempotencyKey).toMatch(UUID_V4);
    expect(second.idempotencyKey).toMatch(UUID_V4);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(second.data).toMatchObject({ saldo: 5_500 });
  });

  const writes = operations.filter((operation) => operation.method !== 'GET');
  it.each(writes.map((operation) => [operation.id] as const))(
    "%s reports the caller's idempotencyKey when one is given",
    async (id) => {
      const key = `e2e-caller-key-${id}`;
      const response = await callWithKey(id, key).withResponse();
      expect(response.status).toBe(200);
      expect(response.idempotencyKey).toBe(key);
    },
  );
});

/** The writes of CALLS again, with request options carrying a caller key. */
function callWithKey(id: OperationId, idempotencyKey: string): APIPromise<unknown> {
  const options = { idempotencyKey };
  switch (id) {
    case 'tareas.setStatus':
      return client.tareas.setStatus(3, { status: 1 }, options);
    case 'clientes.create':
      return client.clientes.create({ usuarioData: { nombre: 'Con clave' } }, options);
    case 'clientes.update':
      return client.clientes.update('cli_0004', { ciudad: 'Quito' }, options);
    case 'clientes.puntos.add':
      return client.clientes.puntos.add('cli_0004', { puntos: 1 }, options);
    case 'clientes.notificaciones.send':
      return client.clientes.notificaciones.send('cli_0004', { titulo: 'T', mensaje: 'M' }, options);
    case 'clientes.nivel.recalculate':
      return client.clientes.nivel.recalculate('cli_0001', options);
    case 'grupos.puntos.add':
      return client.grupos.puntos.add(grupoId, { puntos: 1, dryRun: true }, options);
    case 'grupos.etiquetas.add':
      return client.grupos.etiquetas.add(grupoId, { etiqueta: 'k', dryRun: true }, options);
    case 'grupos.nombre.set':
      return client.grupos.nombre.set(grupoId, { nombre: 'Con clave' }, options);
    case 'promociones.setStatus':
      return client.promociones.setStatus(2, { comando: 'activar' }, options);
    default:
      throw new Error(`${id} is not a write`);
  }
}

it('every operation id of the table was answered 200 through the SDK', () => {
  const answered = new Set(
    log.lines.flatMap((line) => {
      const match = /^loyalty-sdk <- 200 (\S+)$/.exec(line);
      return match?.[1] ? [match[1]] : [];
    }),
  );
  expect([...answered].sort()).toEqual([...operationIds].sort());
  expect(getOperation('openapi.retrieve').scope).toBeNull();
});
