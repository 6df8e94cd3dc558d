/**
 * The record types are exact: every field the server returns is declared, and a field no record
 * has does not compile (`npm run typecheck` holds the `@ts-expect-error` lines).
 */
import type {
  Cliente,
  GrupoAccionResultado,
  Notificacion,
  Promocion,
  PuntosMovimiento,
  Tarea,
} from 'loyalty-sdk';
import { describe, expectTypeOf, it } from 'vitest';

describe('record types', () => {
  it('a misspelt field of a customer does not compile', () => {
    const read = (cliente: Cliente) => {
      // @ts-expect-error `sald` is no field of a customer (the balance is `puntos`)
      return cliente.sald;
    };
    expectTypeOf(read).toBeFunction();
  });

  it('a misspelt field of a movement does not compile', () => {
    const read = (movimiento: PuntosMovimiento) => {
      // @ts-expect-error `balance` is no field of a movement (it is `saldo`)
      return movimiento.balance;
    };
    expectTypeOf(read).toBeFunction();
  });

  it('declares the fields the server returns that the first round left untyped', () => {
    expectTypeOf<Tarea>().toHaveProperty('disparador').toEqualTypeOf<string>();
    expectTypeOf<Tarea>().toHaveProperty('condiciones').toEqualTypeOf<string[]>();
    expectTypeOf<Tarea>().toHaveProperty('acciones').toEqualTypeOf<string[]>();
    expectTypeOf<Tarea['ultimoCambio']>().toEqualTypeOf<{
      status: 0 | 1;
      nombre: string | null;
      keyId: string;
      fecha: string;
    } | null>();
    expectTypeOf<Notificacion>().toHaveProperty('fecha').toEqualTypeOf<string>();
    expectTypeOf<Extract<GrupoAccionResultado, { dryRun: true }>['saldoInsuficiente']>().toEqualTypeOf<
      number | undefined
    >();
    expectTypeOf<Cliente['datosAdicionales']>().toEqualTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf<Promocion>().toHaveProperty('fechaProgramada').toEqualTypeOf<string | null>();
  });

  it("narrows with the value rules: a task's status is 0 or 1, and a dry run's answer says it did not run", () => {
    expectTypeOf<Tarea['status']>().toEqualTypeOf<0 | 1>();
    expectTypeOf<GrupoAccionResultado['dryRun']>().toEqualTypeOf<boolean>();
    const figures = (result: GrupoAccionResultado) =>
      // @ts-expect-error only a dry run's answer counts the members short of points
      result.saldoInsuficiente;
    expectTypeOf(figures).toBeFunction();
    const shortOf = (result: GrupoAccionResultado) => (result.dryRun ? result.saldoInsuficiente : undefined);
    expectTypeOf(shortOf).returns.toEqualTypeOf<number | undefined>();
  });
});
