import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  expectDetail,
  expectEnvelopeError,
  expectLegacy,
  expectOk,
  type Promocion,
  type Tarea,
  useServer,
} from '../support/conformance-harness.js';

const h = useServer();

const setTask = (tareaId: number, body: Record<string, unknown>) =>
  h.op<Tarea>('tareas.setStatus', { params: { tareaId }, body });
const command = (regaloId: number, body: Record<string, unknown>) =>
  h.op<Promocion>('promociones.setStatus', { params: { regaloId }, body });

let tareaId: number;
let regaloId: number;

beforeAll(async () => {
  tareaId = ((await h.tareas())[0] as Tarea).tareaId;
  regaloId = ((await h.promociones())[0] as Promocion).regaloId;
});

describe('task state table', () => {
  const transitions = [
    [0, 1],
    [1, 1],
    [0, 0],
    [1, 0],
  ] as const;

  it.each(transitions)('a task with status %i set to %i ends with that status', async (before, after) => {
    expectOk(await setTask(tareaId, { status: before }));
    const data = expectOk(await setTask(tareaId, { status: after }));
    expect(data).toMatchObject({ tareaId, status: after });
    const listed = (await h.tareas()).find((tarea) => tarea.tareaId === tareaId);
    expect(listed?.status).toBe(after);
  });

  it('the optional nombre (for the log) is accepted and does not change the state rule', async () => {
    const data = expectOk(await setTask(tareaId, { status: 1, nombre: 'activada por integración' }));
    expect(data.status).toBe(1);
  });

  it('other tasks keep their status', async () => {
    const tareas = await h.tareas();
    const others = tareas.filter((tarea) => tarea.tareaId !== tareaId);
    expectOk(await setTask(tareaId, { status: 0 }));
    expectOk(await setTask(tareaId, { status: 1 }));
    const after = await h.tareas();
    for (const other of others)
      expect(after.find((t) => t.tareaId === other.tareaId)?.status).toBe(other.status);
  });

  it('an unknown task is 404 with code 9404', async () => {
    expectEnvelopeError(await setTask(987_654, { status: 1 }), 404, ERROR_CODES.notFound);
  });
});

describe('promotion state table', () => {
  const FECHA = '2031-06-15';
  const reach: Record<string, Record<string, unknown>> = {
    activa: { comando: 'activar' },
    inactiva: { comando: 'desactivar' },
    programada: { comando: 'programar', fecha: FECHA },
  };
  const rows: [string, string, string][] = [];
  for (const before of Object.keys(reach)) {
    rows.push(
      [before, 'activar', 'activa'],
      [before, 'desactivar', 'inactiva'],
      [before, 'programar', 'programada'],
    );
  }

  it.each(rows)('from %s, comando %s leaves it %s', async (before, comando, after) => {
    expect(expectOk(await command(regaloId, reach[before] as Record<string, unknown>)).estado).toBe(before);
    const body = comando === 'programar' ? { comando, fecha: FECHA } : { comando };
    const data = expectOk(await command(regaloId, body));
    expect(data).toMatchObject({ regaloId, estado: after });
    const listed = (await h.promociones()).find((promocion) => promocion.regaloId === regaloId);
    expect(listed?.estado).toBe(after);
  });

  it('programar records the date of fecha', async () => {
    const data = expectOk(await command(regaloId, { comando: 'programar', fecha: '2032-01-20' }));
    expect(data.fechaProgramada ?? '').toMatch(/^2032-01-20/);
  });

  it('an unknown comando is 422 COMANDO_DESCONOCIDO and leaves the state alone', async () => {
    expectOk(await command(regaloId, { comando: 'activar' }));
    expectLegacy(await command(regaloId, { comando: 'explotar' }), 'COMANDO_DESCONOCIDO');
    expect((await h.promociones()).find((p) => p.regaloId === regaloId)?.estado).toBe('activa');
  });

  it.each([
    ['without fecha', { comando: 'programar' }],
    ['with a fecha that is not a date', { comando: 'programar', fecha: 'mañana' }],
    ['with a date that does not exist', { comando: 'programar', fecha: '2031-02-30' }],
  ])('programar %s is 422 FECHA_INVALIDA and leaves the state alone', async (_, body) => {
    expectOk(await command(regaloId, { comando: 'desactivar' }));
    expectLegacy(await command(regaloId, body), 'FECHA_INVALIDA');
    expect((await h.promociones()).find((p) => p.regaloId === regaloId)?.estado).toBe('inactiva');
  });

  it('an unknown promotion is 404 with code 9404', async () => {
    expectEnvelopeError(await command(987_654, { comando: 'activar' }), 404, ERROR_CODES.notFound);
  });
});

describe('tipo filter of GET /promociones', () => {
  it('omitted: the list includes games (7) and code coupons (101)', async () => {
    const tipos = (await h.promociones()).map((p) => p.tipo);
    expect(tipos).toContain(7);
    expect(tipos).toContain(101);
  });

  it('tipo=1: only gifts and promotions (no 7, no 101), and not empty', async () => {
    const list = await h.promociones({ tipo: 1 });
    expect(list.length).toBeGreaterThan(0);
    for (const promocion of list) expect([7, 101]).not.toContain(promocion.tipo);
  });

  it('tipo=1 keeps every promotion of the full list other than 7 and 101', async () => {
    const all = await h.promociones();
    const filtered = await h.promociones({ tipo: 1 });
    expect(filtered.map((p) => p.regaloId).sort()).toEqual(
      all
        .filter((p) => p.tipo !== 7 && p.tipo !== 101)
        .map((p) => p.regaloId)
        .sort(),
    );
  });

  it.each([7, 101])('tipo=%i lists only that type', async (tipo) => {
    const list = await h.promociones({ tipo });
    expect(list.length).toBeGreaterThan(0);
    for (const promocion of list) expect(promocion.tipo).toBe(tipo);
  });
});

describe('coupon usage (GET /promociones/{regaloId}/cupones)', () => {
  interface Uso {
    regaloId: number;
    inicio: string;
    fin: string;
    total: number;
    dias: { fecha: string; canjes: number }[];
  }
  const cupones = (id: number, inicio: string, fin: string) =>
    h.op<Uso>('promociones.cupones.list', { params: { regaloId: id }, query: { inicio, fin } });

  it('reports each day from inicio to fin inclusive, and a total that is their sum', async () => {
    const data = expectOk(await cupones(regaloId, '2024-02-27', '2024-03-02'));
    expect(data).toMatchObject({ regaloId, inicio: '2024-02-27', fin: '2024-03-02' });
    expect(data.dias.map((d) => d.fecha)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(data.total).toBe(data.dias.reduce((sum, d) => sum + d.canjes, 0));
  });

  it('inicio equal to fin is one day', async () => {
    const data = expectOk(await cupones(regaloId, '2024-07-04', '2024-07-04'));
    expect(data.dias).toHaveLength(1);
  });

  it('inicio after fin is 400', async () => {
    expectDetail(await cupones(regaloId, '2024-07-05', '2024-07-04'), {
      in: 'query',
      name: ['inicio', 'fin'],
    });
  });

  it('an unknown promotion is 404 with code 9404', async () => {
    expectEnvelopeError(await cupones(987_654, '2024-01-01', '2024-01-02'), 404, ERROR_CODES.notFound);
  });
});
