/**
 * Tasks, promotions, coupon usage, the report catalog, the levels and the per-key OpenAPI
 * document, end to end on the demo seed.
 */
import { type LoyaltyClient, NotFoundError, type Scope, UnprocessableEntityError } from 'loyalty-sdk';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_KEY, keyIdOf, rejectionOf, useLiveServer } from '../support/live-server.js';

const FEW_SCOPES_KEY = 'e2e-few-scopes-key-5a7c9e1b3d';
const FEW_SCOPES: readonly Scope[] = ['promociones:read', 'reportes:read'];

const server = useLiveServer({ keys: [{ key: FEW_SCOPES_KEY, appId: 31, scopes: FEW_SCOPES }] });
let client: LoyaltyClient;

beforeAll(() => {
  client = server.client();
});

beforeEach(() => {
  server.admin.reset();
});

const statusOf = async (tareaId: number) =>
  (await client.tareas.list()).find((tarea) => tarea.tareaId === tareaId)?.status;

describe('tareas', () => {
  it('status 0 deactivates an active task, and tareas.list shows it inactive', async () => {
    expect(await statusOf(1)).toBe(1);
    expect(await client.tareas.setStatus(1, { status: 0 })).toMatchObject({ tareaId: 1, status: 0 });
    expect(await statusOf(1)).toBe(0);
  });

  it('status 1 activates an inactive task, and tareas.list shows it active', async () => {
    expect(await statusOf(4)).toBe(0);
    expect(await client.tareas.setStatus(4, { status: 1 })).toMatchObject({ tareaId: 4, status: 1 });
    expect(await statusOf(4)).toBe(1);
  });

  it('setting the status a task already has leaves it there', async () => {
    await client.tareas.setStatus(2, { status: 1 });
    await client.tareas.setStatus(2, { status: 1 });
    expect(await statusOf(2)).toBe(1);
  });

  it('the nombre sent goes to the log of the change; the task keeps its name', async () => {
    const changed = await client.tareas.setStatus(5, { status: 0, nombre: 'Pausa por mantenimiento' });
    expect(changed).toMatchObject({
      tareaId: 5,
      nombre: 'Felicitación por ascenso de nivel',
      status: 0,
      ultimoCambio: { status: 0, nombre: 'Pausa por mantenimiento', keyId: keyIdOf(ALL_KEY) },
    });
  });

  it('an unknown task is NotFoundError', async () => {
    const error = await rejectionOf(client.tareas.setStatus(77, { status: 1 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).codigoRespuesta).toBe(9404);
  });
});

describe('promociones.list', () => {
  const ids = async (tipo?: number) =>
    (await client.promociones.list(tipo === undefined ? undefined : { tipo })).map((p) => p.regaloId);

  it('without tipo lists every gift, code coupons (101) and games (7) included', async () => {
    const all = await client.promociones.list();
    expect(all.map((p) => [p.regaloId, p.tipo, p.estado])).toEqual([
      [1, 1, 'activa'],
      [2, 1, 'inactiva'],
      [3, 3, 'activa'],
      [4, 1, 'programada'],
      [5, 101, 'activa'],
      [6, 101, 'inactiva'],
      [7, 7, 'activa'],
      [8, 7, 'programada'],
      [9, 3, 'inactiva'],
    ]);
  });

  it('tipo 1 lists gifts and promotions only: no code coupons, no games', async () => {
    expect(await ids(1)).toEqual([1, 2, 3, 4, 9]);
  });

  it('tipo 101 lists the code coupons only', async () => {
    expect(await ids(101)).toEqual([5, 6]);
  });

  it('tipo 7 lists the games only', async () => {
    expect(await ids(7)).toEqual([7, 8]);
  });

  it('another tipo lists that type only, or nothing', async () => {
    expect(await ids(3)).toEqual([3, 9]);
    expect(await ids(0)).toEqual([]);
  });
});

describe('promociones.setStatus', () => {
  const estadoOf = async (regaloId: number) => {
    const found = (await client.promociones.list()).find((p) => p.regaloId === regaloId);
    return [found?.estado, found?.fechaProgramada];
  };

  it('activar makes an inactive promotion active', async () => {
    expect(await client.promociones.setStatus(6, { comando: 'activar' })).toMatchObject({
      regaloId: 6,
      estado: 'activa',
      fechaProgramada: null,
    });
    expect(await estadoOf(6)).toEqual(['activa', null]);
  });

  it('desactivar makes an active promotion inactive', async () => {
    await client.promociones.setStatus(1, { comando: 'desactivar' });
    expect(await estadoOf(1)).toEqual(['inactiva', null]);
  });

  it('desactivar clears the date of a scheduled promotion', async () => {
    expect(await estadoOf(4)).toEqual(['programada', '2026-12-01']);
    await client.promociones.setStatus(4, { comando: 'desactivar' });
    expect(await estadoOf(4)).toEqual(['inactiva', null]);
  });

  it('programar with a date schedules the promotion for that date', async () => {
    const scheduled = await client.promociones.setStatus(9, { comando: 'programar', fecha: '2026-09-01' });
    expect(scheduled).toMatchObject({ regaloId: 9, estado: 'programada', fechaProgramada: '2026-09-01' });
    expect(await estadoOf(9)).toEqual(['programada', '2026-09-01']);
  });

  it('programar accepts an ISO 8601 date-time', async () => {
    await client.promociones.setStatus(2, { comando: 'programar', fecha: '2026-10-05T08:30:00-05:00' });
    expect(await estadoOf(2)).toEqual(['programada', '2026-10-05T08:30:00-05:00']);
  });

  it('programar without fecha is UnprocessableEntityError FECHA_INVALIDA and changes nothing', async () => {
    const error = await rejectionOf(client.promociones.setStatus(2, { comando: 'programar' }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).legacy).toEqual({ codigo: 'FECHA_INVALIDA', fecha: null });
    expect(await estadoOf(2)).toEqual(['inactiva', null]);
  });

  it('programar with a date that does not exist is FECHA_INVALIDA', async () => {
    const error = await rejectionOf(
      client.promociones.setStatus(2, { comando: 'programar', fecha: '2026-02-30' }),
    );
    expect((error as UnprocessableEntityError).legacy).toEqual({
      codigo: 'FECHA_INVALIDA',
      fecha: '2026-02-30',
    });
  });

  it('an unknown command is UnprocessableEntityError COMANDO_DESCONOCIDO naming the known ones', async () => {
    const error = await rejectionOf(client.promociones.setStatus(1, { comando: 'archivar' }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).legacy).toEqual({
      codigo: 'COMANDO_DESCONOCIDO',
      comando: 'archivar',
      comandos: ['activar', 'desactivar', 'programar'],
    });
  });

  it('an unknown promotion is NotFoundError', async () => {
    await expect(client.promociones.setStatus(90, { comando: 'activar' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('promociones.cupones.list', () => {
  it('answers one day per date from inicio to fin inclusive, across a month end, with their total', async () => {
    const uso = await client.promociones.cupones.list(5, { inicio: '2024-02-27', fin: '2024-03-01' });
    expect(uso.regaloId).toBe(5);
    expect(uso.dias.map((dia) => dia.fecha)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(uso.total).toBe(uso.dias.reduce((sum, dia) => sum + dia.canjes, 0));
    for (const dia of uso.dias) {
      expect(Number.isInteger(dia.canjes) && dia.canjes >= 0 && dia.canjes <= 40, dia.fecha).toBe(true);
    }
  });

  it('a one-day period answers that day only', async () => {
    const uso = await client.promociones.cupones.list(7, { inicio: '2025-06-15', fin: '2025-06-15' });
    expect(uso.dias.map((dia) => dia.fecha)).toEqual(['2025-06-15']);
    expect(uso.total).toBe(uso.dias[0]?.canjes);
  });

  it('the same period gives the same usage every time', async () => {
    const query = { inicio: '2025-01-01', fin: '2025-01-10' };
    expect(await client.promociones.cupones.list(3, query)).toEqual(
      await client.promociones.cupones.list(3, query),
    );
  });

  it('an unknown promotion is NotFoundError', async () => {
    await expect(
      client.promociones.cupones.list(90, { inicio: '2025-01-01', fin: '2025-01-02' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('reportes.catalogo.retrieve', () => {
  it('has exactly the datasets compras, lealtad, usuarios and wallet_descargas', async () => {
    const catalogo = await client.reportes.catalogo.retrieve();
    expect(Object.keys(catalogo).sort()).toEqual(['compras', 'lealtad', 'usuarios', 'wallet_descargas']);
  });

  it('gives every dataset a label, fields, metrics and filters with their operators', async () => {
    const catalogo = await client.reportes.catalogo.retrieve();
    expect(catalogo.compras?.label).toBe('Compras');
    for (const [name, dataset] of Object.entries(catalogo)) {
      expect(dataset.label.length, name).toBeGreaterThan(0);
      expect(dataset.fields.length, name).toBeGreaterThan(0);
      expect(
        dataset.metrics.every((metric) => metric.type === 'number'),
        name,
      ).toBe(true);
      expect(dataset.filters.length, name).toBeGreaterThan(0);
      expect(
        dataset.filters.every((filter) => filter.operators.includes('eq')),
        name,
      ).toBe(true);
    }
  });
});

describe('configuracion.niveles.list', () => {
  it('lists Bronce, Plata and Oro with their minimum balances and rules', async () => {
    const niveles = await client.configuracion.niveles.list();
    expect(niveles.map(({ nombre, puntosMinimos }) => [nombre, puntosMinimos])).toEqual([
      ['Bronce', 0],
      ['Plata', 1_000],
      ['Oro', 5_000],
    ]);
    expect(niveles.every((nivel) => nivel.reglas.length > 0)).toBe(true);
  });
});

describe('openapi.retrieve', () => {
  const operationIdsOf = (document: { paths: Record<string, unknown> }) =>
    Object.values(document.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((item) => Object.values(item).map((method) => method.operationId))
      .sort();

  it('lists only the operations a key with few scopes may execute', async () => {
    const few = server.client({ apiKey: FEW_SCOPES_KEY });
    const document = await few.openapi.retrieve();
    expect(operationIdsOf(document)).toEqual([
      'openapi.retrieve',
      'promociones.cupones.list',
      'promociones.list',
      'reportes.catalogo.retrieve',
    ]);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/ext/v3/openapi.json',
      '/ext/v3/promociones',
      '/ext/v3/promociones/{regaloId}/cupones',
      '/ext/v3/reportes/catalogo',
    ]);
  });

  it('requires no scope: meta.scope is null and meta.appId is the key app', async () => {
    const few = server.client({ apiKey: FEW_SCOPES_KEY });
    const { meta, status } = await few.openapi.retrieve().withResponse();
    expect(status).toBe(200);
    expect(meta.scope).toBeNull();
    expect(meta.appId).toBe(31);
  });

  it('lists all 18 operations for a key with every scope', async () => {
    expect(operationIdsOf(await client.openapi.retrieve())).toHaveLength(18);
  });
});
