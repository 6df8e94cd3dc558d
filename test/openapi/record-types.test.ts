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
      status: number;
      nombre: string | null;
      keyId: string;
      fecha: string;
    } | null>();
    expectTypeOf<Notificacion>().toHaveProperty('fecha').toEqualTypeOf<string>();
    expectTypeOf<GrupoAccionResultado['saldoInsuficiente']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Cliente['datosAdicionales']>().toEqualTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf<Promocion>().toHaveProperty('fechaProgramada').toEqualTypeOf<string | null>();
  });
});
