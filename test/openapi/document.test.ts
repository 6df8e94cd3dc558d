/** The OpenAPI document tells the truth about the server in the places the spec fixes. */
import { LoyaltyClient } from 'loyalty-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import type { Operation } from '../../src/operations/table.js';
import { operations } from '../../src/operations/table.js';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServer } from '../../src/server/internal.js';

type Json = Record<string, unknown>;

/** The value at `path` in a JSON document (array indexes as strings). */
function dig(value: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value);
}

const document = buildOpenApiDocument();

function operationOf(id: string): Json {
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) if (operation.operationId === id) return operation;
  }
  throw new Error(`no operation ${id}`);
}

const DATA = [
  'responses',
  '200',
  'content',
  'application/json',
  'schema',
  'allOf',
  '1',
  'properties',
  'data',
];

describe('the OpenAPI document', () => {
  it('openapi.retrieve needs the key like every operation (no `security: []`), and no scope', () => {
    expect(document.security).toEqual([{ apikey: [] }]);
    expect(operationOf('openapi.retrieve').security).toBeUndefined();
    expect(operationOf('openapi.retrieve')['x-scope']).toBeNull();
  });

  it.each(operations.map((operation) => operation.id))(
    '%s declares its help text: 200 as text/plain',
    (id) => {
      expect(Object.keys(dig(operationOf(id), 'responses', '200', 'content') as Json)).toEqual([
        'application/json',
        'text/plain',
      ]);
    },
  );

  it.each(operations.map((operation: Operation) => [operation.id, operation.body !== undefined] as const))(
    '%s declares 500, 429 with Retry-After, and 413 and 415 exactly when it takes a body',
    (id, takesBody) => {
      const responses = operationOf(id).responses as Json;
      expect(responses['500']).toBeDefined();
      expect(dig(responses, '429', 'headers', 'Retry-After')).toEqual({
        $ref: '#/components/headers/Retry-After',
      });
      expect(responses['413'] !== undefined).toBe(takesBody);
      expect(responses['415'] !== undefined).toBe(takesBody);
    },
  );

  it('a 405 and its Allow header are declared for requests of no operation', () => {
    expect(dig(document, 'components', 'responses', 'MethodNotAllowed', 'headers', 'Allow')).toEqual({
      $ref: '#/components/headers/Allow',
    });
    expect(dig(document, 'components', 'headers', 'Allow', 'required')).toBe(true);
  });

  it.each([
    ['tareas.setStatus', ['requestBody', 'content', 'application/json', 'schema', 'properties', 'status']],
    ['tareas.list', [...DATA, 'items', 'properties', 'tareaId']],
    ['tareas.list', [...DATA, 'items', 'properties', 'status']],
    ['promociones.list', [...DATA, 'items', 'properties', 'tipo']],
    ['promociones.list', [...DATA, 'items', 'properties', 'regaloId']],
    ['clientes.retrieve', [...DATA, 'properties', 'tipoContribuyente']],
    ['clientes.retrieve', [...DATA, 'properties', 'genericInt1']],
    ['grupos.puntos.add', [...DATA, 'oneOf', '0', 'properties', 'grupoId']],
    ['grupos.puntos.add', [...DATA, 'oneOf', '1', 'properties', 'grupoId']],
  ])('%s types %j as integer', (id, path) => {
    expect(dig(operationOf(id), ...path, 'type')).toBe('integer');
  });

  const DRY_RUN = [...DATA, 'oneOf', '0', 'properties'];
  const APPLIED = [...DATA, 'oneOf', '1', 'properties'];
  it.each([
    ['tareas.list', [...DATA, 'items', 'properties', 'status'], { enum: [0, 1] }],
    [
      'tareas.list',
      [...DATA, 'items', 'properties', 'ultimoCambio', 'properties', 'status'],
      { enum: [0, 1] },
    ],
    ['tareas.list', [...DATA, 'items', 'properties', 'tareaId'], { minimum: 1 }],
    [
      'tareas.list',
      [...DATA, 'items', 'properties', 'ultimoCambio', 'properties', 'fecha'],
      { format: 'date-time' },
    ],
    ['clientes.retrieve', [...DATA, 'properties', 'uid'], { minLength: 1, maxLength: 128 }],
    ['clientes.retrieve', [...DATA, 'properties', 'puntos'], { minimum: 0 }],
    ['clientes.puntos.list', [...DATA, 'items', 'properties', 'fecha'], { format: 'date-time' }],
    ['clientes.puntos.list', [...DATA, 'items', 'properties', 'movimientoId'], { minLength: 1 }],
    ['grupos.puntos.add', [...DRY_RUN, 'dryRun'], { enum: [true] }],
    ['grupos.puntos.add', [...APPLIED, 'dryRun'], { enum: [false] }],
    ['grupos.puntos.add', [...DRY_RUN, 'afectados'], { minimum: 0 }],
    ['grupos.etiquetas.add', [...APPLIED, 'afectados'], { minimum: 0 }],
    ['grupos.nombre.set', [...DATA, 'properties', 'nombre'], { minLength: 1, maxLength: 120 }],
    ['promociones.list', [...DATA, 'items', 'properties', 'regaloId'], { minimum: 1 }],
    ['promociones.cupones.list', [...DATA, 'properties', 'inicio'], { format: 'date' }],
    ['promociones.cupones.list', [...DATA, 'properties', 'total'], { minimum: 0 }],
    [
      'reportes.catalogo.retrieve',
      DATA,
      { required: ['compras', 'lealtad', 'usuarios', 'wallet_descargas'] },
    ],
    ['openapi.retrieve', [...DATA, 'properties', 'openapi'], { pattern: '^3\\.0\\.\\d+$' }],
  ])('%s: the record at %j carries its value rule %j', (id, path, rule) => {
    expect(dig(operationOf(id), ...path)).toMatchObject(rule);
  });

  it("quotes the spec beside the value rules that are the spec's", () => {
    const status = dig(operationOf('tareas.list'), ...DATA, 'items', 'properties', 'status');
    expect(status).toMatchObject({ 'x-spec-rule': 'Task: has an activation status: 1 active, 0 inactive.' });
    const balance = dig(operationOf('clientes.retrieve'), ...DATA, 'properties', 'puntos') as Json;
    expect(balance['x-spec-rule']).toBeUndefined();
  });

  it('the records of data use no `not`: a mock generator (json-schema-faker) answers one with any type', () => {
    for (const operation of operations)
      expect(JSON.stringify(dig(operationOf(operation.id), ...DATA))).not.toContain('"not":');
  });

  it('uses no keyword of JSON Schema that OpenAPI 3.0 lacks (a one-value enum, not const)', () => {
    const text = JSON.stringify(document);
    for (const keyword of ['const', '$defs', 'prefixItems']) expect(text).not.toContain(`"${keyword}":`);
    expect(text).not.toMatch(/"exclusive(Minimum|Maximum)":-?\d/);
  });

  it('puntos is never 0 and the Idempotency-Key is printable ASCII, in the document too', () => {
    const add = operationOf('clientes.puntos.add');
    const body = ['requestBody', 'content', 'application/json', 'schema', 'properties', 'puntos', 'not'];
    expect(dig(add, ...body)).toEqual({ enum: [0] });
    const key = (add.parameters as Json[]).find((parameter) => parameter.name === 'Idempotency-Key');
    expect(key?.schema).toMatchObject({ minLength: 8, maxLength: 128, pattern: '^[\\x21-\\x7E]*$' });
  });

  it('records are exact: no field beyond those declared', () => {
    expect(dig(operationOf('clientes.retrieve'), ...DATA, 'additionalProperties')).toBe(false);
  });

  it('the package document names no server but a {base_url} to fill in', () => {
    expect(document.servers).toEqual([
      { url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010' } } },
    ]);
  });
});

describe('the served document', () => {
  let server: ReferenceServer;
  let url: string;
  beforeAll(async () => {
    server = createReferenceServer();
    url = await server.listen({ port: 0 });
  });
  afterAll(() => server.close());

  it('names the server it was served from', async () => {
    const client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl: url });
    expect((await client.openapi.retrieve()).servers).toEqual([{ url }]);
  });
});
