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
    ['grupos.puntos.add', [...DATA, 'properties', 'grupoId']],
  ])('%s types %j as integer', (id, path) => {
    expect(dig(operationOf(id), ...path, 'type')).toBe('integer');
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
