/** Shapes: inferred from values (which are dropped), declared by JSON Schemas, and compared. */
import { describe, expect, it } from 'vitest';
import { diffShapes, joinPath } from '../../src/verify/compare/shapes.js';
import { inferShape, shapeOfSchema } from '../../src/verify/shape.js';

describe('inferShape', () => {
  it('keeps field names, JSON types, nullability and item shapes, and no value', () => {
    const value = {
      email: 'ana@example.com',
      puntos: 1250,
      saldo: 12.5,
      vip: true,
      nivel: null,
      etiquetas: ['vip'],
      movimientos: [{ motivo: 'Compra' }, { motivo: null, extra: 1 }],
    };
    const shape = inferShape(value);
    expect(JSON.stringify(shape)).not.toMatch(/ana@example|Compra|vip"\]|1250|12\.5/);
    expect(shape.fields?.puntos?.shape.types).toEqual(['integer']);
    expect(shape.fields?.saldo?.shape.types).toEqual(['number']);
    expect(shape.fields?.nivel?.shape.types).toEqual(['null']);
    expect(shape.fields?.etiquetas?.shape.items?.types).toEqual(['string']);
    const item = shape.fields?.movimientos?.shape.items;
    expect(item?.fields?.motivo).toEqual({ shape: { types: ['string', 'null'] }, required: true });
    expect(item?.fields?.extra?.required).toBe(false);
  });
});

describe('shapeOfSchema', () => {
  it('reads OpenAPI 3.0: nullable, required, $ref, allOf, records (additionalProperties)', () => {
    const root = {
      components: {
        schemas: {
          Item: {
            type: 'object',
            properties: { id: { type: 'integer' } },
            required: ['id'],
            additionalProperties: false,
          },
        },
      },
    };
    const shape = shapeOfSchema(
      {
        allOf: [
          { type: 'object', properties: { meta: { type: 'object', additionalProperties: {} } } },
          {
            type: 'object',
            properties: {
              data: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
              nombre: { type: 'string', nullable: true },
            },
            required: ['data'],
          },
        ],
      },
      root,
    );
    expect(shape.fields?.data?.required).toBe(true);
    expect(shape.fields?.data?.shape.items?.fields?.id).toEqual({
      shape: { types: ['integer'] },
      required: true,
    });
    expect(shape.fields?.nombre?.shape.types).toEqual(['string', 'null']);
    expect(shape.fields?.meta?.shape.values).toEqual({ types: [] });
  });
});

const record = shapeOfSchema({
  type: 'object',
  properties: {
    uid: { type: 'string' },
    puntos: { type: 'number' },
    nivel: { type: 'string' },
    motivo: { type: 'string', nullable: true },
    email: { type: 'string' },
  },
  required: ['uid', 'puntos', 'nivel', 'motivo'],
  additionalProperties: false,
});

describe('diffShapes, observed against the SDK', () => {
  it.each([
    ['the same fields and types: nothing', { uid: 'u', puntos: 1, nivel: 'Oro', motivo: null }, []],
    ['an optional field left out: nothing', { uid: 'u', puntos: 1.5, nivel: 'Oro', motivo: 'x' }, []],
    [
      'an integer where a number is declared: nothing',
      { uid: 'u', puntos: 3, nivel: 'Oro', motivo: null },
      [],
    ],
    [
      'a field added',
      { uid: 'u', puntos: 1, nivel: 'Oro', motivo: null, segmento: 'a' },
      [{ path: ['segmento'], change: 'added' }],
    ],
    [
      'a required field missing',
      { uid: 'u', puntos: 1, motivo: null },
      [{ path: ['nivel'], change: 'missing', strict: true }],
    ],
    [
      'another type',
      { uid: 'u', puntos: '1', nivel: 'Oro', motivo: null },
      [{ path: ['puntos'], change: 'type', expected: 'number', observed: 'string' }],
    ],
    [
      'null where the SDK says never null',
      { uid: 'u', puntos: 1, nivel: null, motivo: null },
      [{ path: ['nivel'], change: 'nullable', strict: true }],
    ],
  ])('%s', (_, value, expected) => {
    const differences = diffShapes(record, inferShape(value), 'observed');
    expect(differences).toEqual(expected.map((difference) => expect.objectContaining(difference)));
  });
});

describe('diffShapes, declared against declared', () => {
  it('a nullable field the service declares never null, and a field it leaves out, are differences', () => {
    const service = shapeOfSchema({
      type: 'object',
      properties: {
        uid: { type: 'string' },
        puntos: { type: 'number' },
        nivel: { type: 'string' },
        motivo: { type: 'string' },
      },
      required: ['uid'],
    });
    expect(diffShapes(record, service, 'declared')).toEqual([
      expect.objectContaining({ path: ['motivo'], change: 'nullable', strict: false }),
      expect.objectContaining({ path: ['email'], change: 'missing', strict: false }),
    ]);
  });
});

it.each([
  [[], 'response.200.data'],
  [['etiquetas'], 'response.200.data.etiquetas'],
  [['[]', 'status'], 'response.200.data[].status'],
])('joinPath(%j) is %s', (path, location) => {
  expect(joinPath('response.200.data', path)).toBe(location);
});
