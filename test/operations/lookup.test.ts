import { describe, expect, expectTypeOf, it } from 'vitest';
import { findOperation, type Operation, tableOperation } from '../../src/operations/table.js';

// The type assertions are checked by the typecheck (tsc includes test/); the others at run time.
describe('tableOperation: an id of the table', () => {
  it('is typed never undefined, with the row’s own schemas', () => {
    expectTypeOf(tableOperation('clientes.puntos.add')).not.toBeNullable();
    expectTypeOf(tableOperation('clientes.puntos.add')).toHaveProperty('body').not.toBeNullable();
    expectTypeOf(tableOperation('clientes.puntos.add')).toExtend<Operation>();
  });

  it('returns the operation of that id, its body schema included', () => {
    const operation = tableOperation('clientes.puntos.add');
    expect(operation.id).toBe('clientes.puntos.add');
    expect(operation.body.safeParse({ puntos: 1, motivo: 'x' }).success).toBe(true);
  });
});

describe('findOperation: a name a caller gave', () => {
  it('is typed an operation or undefined', () => {
    expectTypeOf(findOperation('x')).toEqualTypeOf<Operation | undefined>();
  });

  it('finds the operation of an id of the table', () => {
    expect(findOperation('clientes.puntos.add')).toBe(tableOperation('clientes.puntos.add'));
  });

  it('finds nothing for a name that is no id, an inherited property name included', () => {
    expect(findOperation('x')).toBeUndefined();
    expect(findOperation('toString')).toBeUndefined();
  });
});
