import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations/table.js';
import { METHODS_END, METHODS_START, renderMethodTable, withMethodTable } from './method-table.js';

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

describe("the README's table of methods", () => {
  it('is the one rendered from the operation table (else: npm run docs:readme-table)', () => {
    expect(README.includes(METHODS_START) && README.includes(METHODS_END)).toBe(true);
    expect(withMethodTable(README)).toBe(README);
  });

  it('has one row per operation, in the order of the spec, each naming its SDK method', () => {
    const rows = renderMethodTable()
      .split('\n')
      .filter((line) => /^\| \d+ \|/.test(line));
    expect(rows).toHaveLength(operations.length);
    rows.forEach((line, index) => {
      const operation = operations[index];
      expect(line).toContain(`| ${operation?.number} | \`client.${operation?.id}(`);
    });
  });

  it.each([
    ['tareas.setStatus', 'POST /tareas/{tareaId}/status', '`tareas:write`', 'when you give one', 'Tarea'],
    ['clientes.puntos.add', 'POST /clientes/{uid}/puntos', '`puntos:write`', 'always', 'PuntosResultado'],
    ['clientes.puntos.list', 'GET /clientes/{uid}/puntos', '`puntos:read`', '—', 'PuntosMovimiento[]'],
    ['openapi.retrieve', 'GET /openapi.json', 'none', '—', 'OpenApiDocument'],
  ])(
    'the row of %s says %s, %s, its Idempotency-Key and what it resolves to',
    (id, http, scope, key, type) => {
      const line = renderMethodTable()
        .split('\n')
        .find((candidate) => candidate.includes(`\`client.${id}(`));
      expect(line).toContain(`| \`${http}\` | ${scope} | ${key}`);
      expect(line).toContain(`| \`${type}\` |`);
    },
  );

  it('shows the arguments: path parameters, then the fields of the object, optional ones with ?', () => {
    const table = renderMethodTable();
    expect(table).toContain('`client.clientes.puntos.add(uid, { puntos, motivo? })`');
    expect(table).toContain('`client.promociones.list({ tipo? }?)`');
    expect(table).toContain('`client.promociones.cupones.list(regaloId, { inicio, fin })`');
    expect(table).toContain('`client.clientes.update(uid, ClienteUpdateParams)`');
    expect(table).toContain('`client.reportes.catalogo.retrieve()`');
  });
});
