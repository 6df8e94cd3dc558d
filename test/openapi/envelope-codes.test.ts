/**
 * The document says in each response's schema what the SDK needs of the envelope, not only in
 * prose: codigoRespuesta 0 on a success and anything else on a failure, and meta.scope as the
 * reference server sends it (the operation's scope, null where it needs none). A generator reads
 * schemas, so a mock made from the document can only answer what the SDK accepts.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { operations } from '../../src/operations/table.js';
import { ajvWithFormats } from '../support/ajv-formats.js';

type Json = Record<string, unknown>;

const document = buildOpenApiDocument();
const ajv = ajvWithFormats({ strict: false });

/** Each response of each operation, with its schema (as a validator of the body) and the operation's scope. */
const responses = operations.flatMap((operation) => {
  const item = (document.paths as Record<string, Record<string, Json>>)[`/ext/v3${operation.path}`]?.[
    operation.method.toLowerCase()
  ] as Json;
  return Object.entries(item.responses as Record<string, Json>).map(([status, response]) => ({
    id: operation.id,
    status,
    scope: operation.scope,
    schema: (response.content as Record<string, { schema: Json }>)['application/json']?.schema as Json,
  }));
});

const validate = (schema: Json, body: unknown) =>
  ajv.compile({ ...schema, components: document.components })(body);

const envelope = (codigoRespuesta: number, scope: string | null) => ({
  codigoRespuesta,
  msj: 'x',
  meta: { requestId: 'r', appId: 1, scope },
});

describe('the envelope in each response schema', () => {
  it.each(responses.filter((one) => one.status === '200').map((one) => [one.id, one] as const))(
    '%s: a success has codigoRespuesta 0 and its meta.scope',
    (_, { scope, schema }) => {
      expect(validate(schema, envelope(0, scope))).toBe(true);
      expect(validate(schema, envelope(9400, scope))).toBe(false);
      expect(validate(schema, envelope(0, scope === null ? 'tareas:read' : null))).toBe(false);
    },
  );

  it.each(
    responses.filter((one) => one.status !== '200').map((one) => [`${one.id} ${one.status}`, one] as const),
  )('%s: a failure has a codigoRespuesta other than 0 and its meta.scope', (_, { scope, schema }) => {
    expect(validate(schema, envelope(9400, scope))).toBe(true);
    expect(validate(schema, envelope(-1, scope))).toBe(true);
    expect(validate(schema, envelope(0, scope))).toBe(false);
    expect(validate(schema, envelope(9400, scope === null ? 'tareas:read' : null))).toBe(false);
  });

  it('the answers of no operation (a wrong path or method) fail with meta.scope null', () => {
    for (const response of Object.values((document.components as Json).responses as Record<string, Json>)) {
      const { schema } = (response.content as Record<string, { schema: Json }>)['application/json'] as {
        schema: Json;
      };
      expect(validate(schema, envelope(9490, null))).toBe(true);
      expect(validate(schema, envelope(0, null))).toBe(false);
    }
  });
});
