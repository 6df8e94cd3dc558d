import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { operations } from '../../src/operations/table.js';
import type { Nivel, ReportCatalog } from '../../src/types.js';
import { api, call, DEMO_READ_ONLY_API_KEY, newEngine } from '../support/in-process-engine.js';

describe('levels', () => {
  it('GET /configuracion/niveles lists Bronce, Plata and Oro with their minimum balance and rules', async () => {
    const { engine } = newEngine();
    const levels = (await call<Nivel[]>(engine, 'GET', api('/configuracion/niveles'))).json.data ?? [];
    expect(levels.map((level) => [level.nombre, level.puntosMinimos])).toEqual([
      ['Bronce', 0],
      ['Plata', 1_000],
      ['Oro', 5_000],
    ]);
    for (const level of levels) expect(level.reglas.length).toBeGreaterThan(0);
  });
});

describe('report catalog', () => {
  it('holds exactly compras, lealtad, usuarios and wallet_descargas', async () => {
    const { engine } = newEngine();
    const catalog = (await call<ReportCatalog>(engine, 'GET', api('/reportes/catalogo'))).json.data ?? {};
    expect(Object.keys(catalog).sort()).toEqual(['compras', 'lealtad', 'usuarios', 'wallet_descargas']);
  });

  it.each([['compras'], ['lealtad'], ['usuarios'], ['wallet_descargas']])(
    '%s has a label, fields, metrics and filters with operators',
    async (name) => {
      const { engine } = newEngine();
      const dataset = (await call<ReportCatalog>(engine, 'GET', api('/reportes/catalogo'))).json.data?.[name];
      expect(dataset?.label).toEqual(expect.any(String));
      const item = { id: expect.any(String), label: expect.any(String), type: expect.any(String) };
      for (const list of [dataset?.fields, dataset?.metrics, dataset?.filters]) {
        expect(list?.length).toBeGreaterThan(0);
        for (const entry of list ?? []) expect(entry).toMatchObject(item);
      }
      for (const filter of dataset?.filters ?? []) expect(filter.operators.length).toBeGreaterThan(0);
    },
  );
});

describe('GET /openapi.json', () => {
  it('describes only the operations the calling key may execute', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/openapi.json'), { key: DEMO_READ_ONLY_API_KEY });
    const readable = new Set<string>([
      'tareas:read',
      'clientes:read',
      'puntos:read',
      'niveles:read',
      'promociones:read',
      'reportes:read',
    ]);
    expect(reply.json.data).toEqual(
      buildOpenApiDocument((operation) => operation.scope === null || readable.has(operation.scope)),
    );
  });

  it('describes all 18 operations for a key with every scope', async () => {
    const { engine } = newEngine();
    const document = (
      await call<{ paths: Record<string, Record<string, unknown>> }>(engine, 'GET', api('/openapi.json'))
    ).json.data;
    const described = Object.values(document?.paths ?? {}).flatMap((item) => Object.keys(item));
    expect(described).toHaveLength(operations.length);
  });
});
