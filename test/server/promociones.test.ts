import { describe, expect, it } from 'vitest';
import { TIPO } from '../../src/operations/promociones.js';
import type { Promocion } from '../../src/types.js';
import { api, call, newEngine } from '../support/in-process-engine.js';

async function tiposListed(query: string): Promise<number[]> {
  const { engine } = newEngine();
  const reply = await call<Promocion[]>(engine, 'GET', api('/promociones'), { query });
  return [...new Set((reply.json.data ?? []).map((promotion) => promotion.tipo))].sort((a, b) => a - b);
}

describe('GET /promociones: the tipo filter', () => {
  it.each([
    ['omitted: every promotion, coupons and games included', '', [TIPO.gifts, 3, TIPO.game, TIPO.codeCoupon]],
    ['1: gifts and promotions only (101 and 7 excluded)', 'tipo=1', [TIPO.gifts, 3]],
    ['101: code coupons only', 'tipo=101', [TIPO.codeCoupon]],
    ['7: games only', 'tipo=7', [TIPO.game]],
    ['3: that tipo only', 'tipo=3', [3]],
    ['0: that tipo only (none)', 'tipo=0', []],
  ])('tipo %s', async (_case, query, tipos) => {
    expect(await tiposListed(query)).toEqual(tipos);
  });
});

describe('POST /promociones/{regaloId}/status', () => {
  it.each([
    ['activar', undefined, 'activa', null],
    ['desactivar', undefined, 'inactiva', null],
    ['programar', '2026-09-01', 'programada', '2026-09-01'],
    ['programar', '2026-09-01T08:30:00-05:00', 'programada', '2026-09-01T08:30:00-05:00'],
    ['programar', '2026-09-01T08:30:00Z', 'programada', '2026-09-01T08:30:00Z'],
  ])('%s (fecha %s) leaves the promotion %s', async (comando, fecha, estado, fechaProgramada) => {
    const { engine } = newEngine();
    const reply = await call<Promocion>(engine, 'POST', api('/promociones/4/status'), {
      body: { comando, fecha },
    });
    expect(reply.json.data).toMatchObject({ regaloId: 4, estado, fechaProgramada });
    const listed = (await call<Promocion[]>(engine, 'GET', api('/promociones'))).json.data?.find(
      (p) => p.regaloId === 4,
    );
    expect(listed?.estado).toBe(estado);
  });

  it.each([
    ['without fecha', undefined],
    ['with a date not on the calendar', '2026-02-30'],
    ['with words', 'mañana'],
    ['with month 13', '2026-13-01'],
  ])('programar %s is a 422 FECHA_INVALIDA', async (_case, fecha) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/promociones/1/status'), {
      body: { comando: 'programar', fecha },
    });
    expect(reply.status).toBe(422);
    expect(reply.json.meta.legacy).toEqual({ codigo: 'FECHA_INVALIDA', fecha: fecha ?? null });
  });

  it('an unknown command is a 422 COMANDO_DESCONOCIDO listing the known ones', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/promociones/1/status'), { body: { comando: 'archivar' } });
    expect(reply.status).toBe(422);
    expect(reply.json.meta.legacy).toEqual({
      codigo: 'COMANDO_DESCONOCIDO',
      comando: 'archivar',
      comandos: ['activar', 'desactivar', 'programar'],
    });
  });

  it('an unknown promotion is a 404, before the command is looked at', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/promociones/999/status'), {
      body: { comando: 'archivar' },
    });
    expect(reply.status).toBe(404);
  });
});

describe('GET /promociones/{regaloId}/cupones', () => {
  interface Usage {
    regaloId: number;
    total: number;
    dias: Array<{ fecha: string; canjes: number }>;
  }
  const usage = async (query: string) => {
    const { engine } = newEngine();
    return (await call<Usage>(engine, 'GET', api('/promociones/5/cupones'), { query })).json.data as Usage;
  };

  it('answers one entry per day from inicio to fin, both inclusive, across a month end', async () => {
    const data = await usage('inicio=2025-01-30&fin=2025-02-02');
    expect(data.dias.map((day) => day.fecha)).toEqual([
      '2025-01-30',
      '2025-01-31',
      '2025-02-01',
      '2025-02-02',
    ]);
  });

  it('total is the sum of the days', async () => {
    const data = await usage('inicio=2025-03-01&fin=2025-03-31');
    expect(data.total).toBe(data.dias.reduce((sum, day) => sum + day.canjes, 0));
  });

  it('is deterministic', async () => {
    expect(await usage('inicio=2025-03-01&fin=2025-03-10')).toEqual(
      await usage('inicio=2025-03-01&fin=2025-03-10'),
    );
  });

  it('an unknown promotion is a 404', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/promociones/999/cupones'), {
      query: 'inicio=2025-01-01&fin=2025-01-02',
    });
    expect(reply.status).toBe(404);
  });
});
