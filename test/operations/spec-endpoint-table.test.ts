/**
 * The endpoint table of the spec (Loyalty Program External API v3, "Endpoints"), copied here by
 * hand, row for row, and held against the operation table of src/operations.
 */
import { describe, expect, it } from 'vitest';
import { API_PREFIX, type IdempotencyRule, operations } from '../../src/operations/index.js';

type SpecRow = readonly [number: number, method: string, path: string, scope: string, idempotency: string];

// The only check of the operation table that does not come from the table itself: keep it a literal copy.
/** The spec's table as written: #, Method, Path, Scope, Idempotency. */
const SPEC_ENDPOINTS: readonly SpecRow[] = [
  [1, 'GET', '/ext/v3/tareas', 'tareas:read', 'No'],
  [2, 'POST', '/ext/v3/tareas/{tareaId}/status', 'tareas:write', 'not required'],
  [3, 'POST', '/ext/v3/clientes', 'clientes:write', 'Yes'],
  [4, 'GET', '/ext/v3/clientes/{uid}', 'clientes:read', 'No'],
  [5, 'PATCH', '/ext/v3/clientes/{uid}', 'clientes:write', 'Yes'],
  [6, 'POST', '/ext/v3/clientes/{uid}/puntos', 'puntos:write', 'Yes'],
  [7, 'GET', '/ext/v3/clientes/{uid}/puntos', 'puntos:read', 'No'],
  [8, 'POST', '/ext/v3/clientes/{uid}/notificaciones', 'notificaciones:write', 'Yes'],
  [9, 'POST', '/ext/v3/clientes/{uid}/nivel/recalcular', 'niveles:write', 'not required'],
  [10, 'GET', '/ext/v3/configuracion/niveles', 'niveles:read', 'No'],
  [11, 'POST', '/ext/v3/grupos/{grupoId}/puntos', 'puntos:write', 'Yes'],
  [12, 'POST', '/ext/v3/grupos/{grupoId}/etiquetas', 'clientes:write', 'Yes'],
  [13, 'POST', '/ext/v3/grupos/{grupoId}/nombre', 'segmentos:write', 'not required'],
  [14, 'GET', '/ext/v3/promociones', 'promociones:read', 'No'],
  [15, 'POST', '/ext/v3/promociones/{regaloId}/status', 'promociones:write', 'not required'],
  [16, 'GET', '/ext/v3/promociones/{regaloId}/cupones', 'promociones:read', 'No'],
  [17, 'GET', '/ext/v3/reportes/catalogo', 'reportes:read', 'No'],
  [18, 'GET', '/ext/v3/openapi.json', 'none', 'No'],
];

/**
 * The spec's Idempotency words, as the table's rule: "Yes" requires an `Idempotency-Key`; a write
 * marked "not required" takes one when given; a read ("No") takes none.
 */
function ruleOf(method: string, words: string): IdempotencyRule {
  if (words === 'Yes') return 'required';
  if (words === 'not required' && method !== 'GET') return 'optional';
  if (words === 'No' && method === 'GET') return 'none';
  throw new Error(`the spec's Idempotency "${words}" on a ${method} has no rule in the table`);
}

/** The spec writes `none` where an operation requires no scope; the table writes `null`. */
const scopeOf = (words: string): string | null => (words === 'none' ? null : words);

/** How a test name says the spec's Idempotency words. */
const KEY_IN_WORDS: Record<string, string> = {
  Yes: 'an Idempotency-Key',
  'not required': 'an optional Idempotency-Key',
  No: 'no Idempotency-Key',
};

const needs = (scope: string, idempotency: string): string =>
  `${scope === 'none' ? 'no scope' : scope} and ${KEY_IN_WORDS[idempotency] ?? `Idempotency "${idempotency}"`}`;

const cases = SPEC_ENDPOINTS.map(
  (row) => [`row ${row[0]}: ${row[1]} ${row[2]} needs ${needs(row[3], row[4])}`, row] as const,
);

describe('the operation table is the endpoint table of the spec', () => {
  it('has exactly the 18 operations of the spec, in its order', () => {
    expect(SPEC_ENDPOINTS).toHaveLength(18);
    expect(operations.map((operation) => operation.number)).toEqual(SPEC_ENDPOINTS.map((row) => row[0]));
    expect(operations.map((operation) => `${operation.method} ${API_PREFIX}${operation.path}`)).toEqual(
      SPEC_ENDPOINTS.map((row) => `${row[1]} ${row[2]}`),
    );
  });

  it.each(cases)('%s', (_name, [number, method, path, scope, idempotency]) => {
    const operation = operations[number - 1];
    expect(operation, `the table has a row ${number}`).toBeDefined();
    expect({
      number: operation?.number,
      method: operation?.method,
      path: `${API_PREFIX}${operation?.path}`,
      scope: operation?.scope,
      idempotency: operation?.idempotency,
    }).toEqual({
      number,
      method,
      path,
      scope: scopeOf(scope),
      idempotency: ruleOf(method, idempotency),
    });
  });
});
