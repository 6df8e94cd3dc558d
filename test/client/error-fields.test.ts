/**
 * The typed fields of a 400 and a 422: `details` is the array our decisions fix, `legacy` has
 * its `codigo`, and `code` is one of BUSINESS_RULE_CODES, so a switch over the codes is checked
 * by the compiler. What has another shape is left undefined there and kept as sent in `body` or
 * `meta`. (`npm run typecheck` checks the type assertions; vitest runs the rest.)
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type BadRequestDetail,
  BadRequestError,
  BUSINESS_RULE_CODES,
  type BusinessRuleCode,
  type BusinessRuleDetail,
  LoyaltyApiError,
  UnprocessableEntityError,
} from '../../src/index.js';
import type { businessRule } from '../../src/server/answers/failures.js';
import { clientFor, failure, rejection, useStub } from '../support/stub-server.js';

const stub = useStub();

async function refused<T>(
  reply: ReturnType<typeof failure>,
  errorClass: abstract new (...args: never[]) => T,
) {
  stub.script(reply);
  const error = await rejection(
    clientFor(stub, { maxRetries: 0 }).clientes.puntos.add('u-1', { puntos: -5 }),
  );
  expect(error).toBeInstanceOf(errorClass);
  return error as T;
}

/** What an integrator writes: every rule handled, the compiler says when a code is missing or misspelt. */
function advice(error: UnprocessableEntityError): string {
  switch (error.code) {
    case BUSINESS_RULE_CODES.insufficientBalance:
      return 'balance too low';
    case BUSINESS_RULE_CODES.unknownGroup:
      return 'no such group';
    case BUSINESS_RULE_CODES.groupTooLarge:
      return 'group too large';
    case BUSINESS_RULE_CODES.unknownCommand:
      return 'unknown command';
    case BUSINESS_RULE_CODES.invalidDate:
      return 'invalid date';
    case BUSINESS_RULE_CODES.recordTooLarge:
      return 'record too large';
    case BUSINESS_RULE_CODES.tooManyRecords:
      return 'too many records';
    // @ts-expect-error A misspelt code is not one of BUSINESS_RULE_CODES.
    case 'SALDO_INSUFICENTE':
      return 'never';
    case undefined:
      return `rule ${error.legacy?.codigo ?? 'not named'}`;
    default: {
      const unhandled: never = error.code;
      return unhandled;
    }
  }
}

describe('the types of the fields', () => {
  it('code is BusinessRuleCode or undefined; legacy has codigo; details are BadRequestDetail[]', () => {
    expectTypeOf<UnprocessableEntityError['code']>().toEqualTypeOf<BusinessRuleCode | undefined>();
    expectTypeOf<UnprocessableEntityError['legacy']>().toEqualTypeOf<BusinessRuleDetail | undefined>();
    expectTypeOf<BusinessRuleDetail['codigo']>().toExtend<string>();
    expectTypeOf<BadRequestError['details']>().toEqualTypeOf<readonly BadRequestDetail[] | undefined>();
    expectTypeOf<BadRequestDetail['in']>().toEqualTypeOf<'path' | 'query' | 'body' | 'header'>();
  });

  it("the reference server's business rules take the table's BusinessRuleCode", () => {
    expectTypeOf<Parameters<typeof businessRule>[0]>().toEqualTypeOf<BusinessRuleCode>();
  });

  it('BUSINESS_RULE_CODES are the seven codes of docs/decisions.md', () => {
    expect(Object.values(BUSINESS_RULE_CODES).sort()).toEqual([
      'COMANDO_DESCONOCIDO',
      'DEMASIADOS_REGISTROS',
      'FECHA_INVALIDA',
      'GRUPO_DEMASIADO_GRANDE',
      'GRUPO_INEXISTENTE',
      'REGISTRO_DEMASIADO_GRANDE',
      'SALDO_INSUFICIENTE',
    ]);
  });

  it('instanceof narrows to the class: its fields are typed without a cast', () => {
    const error: unknown = new UnprocessableEntityError({
      status: 422,
      codigoRespuesta: 9422,
      msj: 'x',
      meta: { legacy: { codigo: 'FECHA_INVALIDA' } },
      headers: {},
      body: undefined,
      operationId: 'promociones.setStatus',
      idempotencyKey: undefined,
    });
    if (!(error instanceof UnprocessableEntityError)) throw new Error('not narrowed');
    expectTypeOf(error.code).toEqualTypeOf<BusinessRuleCode | undefined>();
    expect(advice(error)).toBe('invalid date');
  });
});

describe('422: code and legacy', () => {
  it.each(Object.values(BUSINESS_RULE_CODES))('legacy.codigo %s is the code', async (codigo) => {
    const legacy = { codigo, saldo: 3 };
    const error = await refused(failure(422, { meta: { legacy } }), UnprocessableEntityError);
    expect(error.code).toBe(codigo);
    expect(error.legacy).toEqual(legacy);
  });

  it('a code this SDK does not know leaves code undefined; legacy keeps it as sent', async () => {
    const error = await refused(
      failure(422, { meta: { legacy: { codigo: 'LIMITE_DIARIO', tope: 5 } } }),
      UnprocessableEntityError,
    );
    expect(error.code).toBeUndefined();
    expect(error.legacy).toEqual({ codigo: 'LIMITE_DIARIO', tope: 5 });
    expect(advice(error)).toBe('rule LIMITE_DIARIO');
  });

  it.each([
    ['a string', 'SALDO_INSUFICIENTE'],
    ['an object without codigo', { saldo: 3 }],
    ['an array', ['SALDO_INSUFICIENTE']],
  ])('legacy as %s: legacy and code undefined, meta.legacy kept as sent', async (_case, legacy) => {
    const error = await refused(failure(422, { meta: { legacy } }), UnprocessableEntityError);
    expect(error.legacy).toBeUndefined();
    expect(error.code).toBeUndefined();
    expect(error.meta?.legacy).toEqual(legacy);
  });

  it('toJSON shows the code', async () => {
    const error = await refused(
      failure(422, { meta: { legacy: { codigo: 'SALDO_INSUFICIENTE' } } }),
      UnprocessableEntityError,
    );
    expect(error.toJSON()).toMatchObject({ code: 'SALDO_INSUFICIENTE' });
  });
});

describe('400: details', () => {
  it('the array of { in, name, message, code } is details', async () => {
    const details = [
      { in: 'body', name: 'puntos', message: 'is required', code: 'invalid_type' },
      { in: 'header', name: 'Idempotency-Key', message: 'is required', code: 'custom' },
    ];
    const error = await refused(failure(400, { details }), BadRequestError);
    expect(error.details).toEqual(details);
  });

  it.each<[string, unknown]>([
    ['an object', { puntos: 'is required' }],
    ['an array of strings', ['puntos is required']],
    ['entries without code', [{ in: 'body', name: 'puntos', message: 'is required' }]],
    ['an unknown location', [{ in: 'cookie', name: 'x', message: 'bad', code: 'custom' }]],
  ])('details as %s: details undefined, body.details kept as sent', async (_case, details) => {
    const error = await refused(failure(400, { details }), BadRequestError);
    expect(error).toBeInstanceOf(LoyaltyApiError);
    expect(error.details).toBeUndefined();
    expect((error.body as { details: unknown }).details).toEqual(details);
  });

  it('the message lists what each entry says, even of details in another shape', async () => {
    const details = [{ in: 'body', name: 'puntos', message: 'is required' }];
    const error = await refused(failure(400, { details }), BadRequestError);
    expect(error.message).toContain('. Invalid: body.puntos is required');
  });
});
