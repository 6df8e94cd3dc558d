import { describe, expectTypeOf, it } from 'vitest';
import type { QueryArgs } from '../../src/client/query-args.js';
import type {
  ClienteRetrieveParams,
  CuponesListParams,
  LoyaltyClient,
  PromocionesListParams,
  ReadRequestOptions,
} from '../../src/index.js';

// Type tests: `tsc` checks them (npm run typecheck); at run time they do nothing.
type Clientes = LoyaltyClient['clientes'];
type Promociones = LoyaltyClient['promociones'];

describe('a method may leave out its input exactly when the table makes every field optional', () => {
  it('a query whose fields are all optional may be left out', () => {
    expectTypeOf<Promociones['list']>().toBeCallableWith();
    expectTypeOf<Promociones['list']>().toBeCallableWith({ tipo: 1 });
    expectTypeOf<Promociones['list']>().toBeCallableWith(undefined, { timeoutMs: 5 });
    expectTypeOf<Clientes['retrieve']>().toBeCallableWith('u-1');
    expectTypeOf<Clientes['retrieve']>().toBeCallableWith('u-1', { completo: false }, { maxRetries: 0 });
  });

  it('a query with a required field may not', () => {
    expectTypeOf<Promociones['cupones']['list']>().toBeCallableWith(3, {
      inicio: '2024-01-01',
      fin: '2024-01-31',
    });
    // @ts-expect-error the period is required
    expectTypeOf<Promociones['cupones']['list']>().toBeCallableWith(3);
  });

  it('a body may not be left out', () => {
    expectTypeOf<Clientes['puntos']['add']>().toBeCallableWith('u-1', { puntos: 5 });
    // @ts-expect-error the body is required
    expectTypeOf<Clientes['puntos']['add']>().toBeCallableWith('u-1');
    // @ts-expect-error every profile field is optional, yet a PATCH states what it changes
    expectTypeOf<Clientes['update']>().toBeCallableWith('u-1');
  });

  it('QueryArgs makes the query optional when every field is, and required otherwise', () => {
    expectTypeOf<QueryArgs<PromocionesListParams, ReadRequestOptions>>().toEqualTypeOf<
      [query?: PromocionesListParams, options?: ReadRequestOptions]
    >();
    expectTypeOf<QueryArgs<ClienteRetrieveParams, ReadRequestOptions>>().toEqualTypeOf<
      [query?: ClienteRetrieveParams, options?: ReadRequestOptions]
    >();
    expectTypeOf<QueryArgs<CuponesListParams, ReadRequestOptions>>().toEqualTypeOf<
      [query: CuponesListParams, options?: ReadRequestOptions]
    >();
  });
});

describe('idempotencyKey is a request option of writes only, as the table says', () => {
  const KEY = 'abcdefgh-1';

  it('a read refuses it: it would throw LoyaltyValidationError', () => {
    // @ts-expect-error reads take no idempotency key
    expectTypeOf<Clientes['retrieve']>().toBeCallableWith('u-1', undefined, { idempotencyKey: KEY });
    // @ts-expect-error reads take no idempotency key
    expectTypeOf<Clientes['puntos']['list']>().toBeCallableWith('u-1', { idempotencyKey: KEY });
    // @ts-expect-error reads take no idempotency key
    expectTypeOf<LoyaltyClient['tareas']['list']>().toBeCallableWith({ idempotencyKey: KEY });
  });

  it('a read takes the other options', () => {
    expectTypeOf<Clientes['retrieve']>().toBeCallableWith('u-1', undefined, { timeoutMs: 5 });
    expectTypeOf<Clientes['puntos']['list']>().toBeCallableWith('u-1', { maxRetries: 0 });
  });

  it('a write takes it, whether the table requires a key or only honours one', () => {
    expectTypeOf<Clientes['puntos']['add']>().toBeCallableWith('u-1', { puntos: 5 }, { idempotencyKey: KEY });
    expectTypeOf<LoyaltyClient['tareas']['setStatus']>().toBeCallableWith(
      3,
      { status: 1 },
      { idempotencyKey: KEY },
    );
  });
});
