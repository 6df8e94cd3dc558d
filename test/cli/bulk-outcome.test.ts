/**
 * What a failed row's error says about the service, and the item key a row of a failures file
 * goes under when it is fed back: a refused row (nothing applied) under a key of its own, any
 * other under the key it had, so that no row is applied twice.
 */
import { describe, expect, it } from 'vitest';
import { outcomeOf, rowItemKey } from '../../src/cli/bulk/bulk-outcome.js';
import {
  type ApiErrorInit,
  BadRequestError,
  ConflictError,
  InternalServerError,
  LoyaltyApiError,
  LoyaltyBudgetError,
  LoyaltyConnectionError,
  LoyaltyTimeoutError,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../src/client/errors.js';

const answer = (status: number): ApiErrorInit => ({
  status,
  codigoRespuesta: undefined,
  msj: undefined,
  meta: undefined,
  headers: {},
  body: undefined,
  operationId: 'clientes.puntos.add',
  idempotencyKey: 'bulk-v1-0',
});

describe('outcomeOf: whether the service may have applied a failed row', () => {
  it.each([
    [
      'the SDK refused it before sending (a rule of the spec)',
      new LoyaltyValidationError('clientes.puntos.add', []),
      'refused',
    ],
    [
      'a campaign budget stopped it before sending',
      new LoyaltyBudgetError({
        operationId: 'grupos.puntos.add',
        target: 'grupo 3',
        afectados: 10,
        costoEstimado: 500,
        budget: { afectados: 5 },
        spent: { afectados: 0, costoEstimado: 0 },
      }),
      'refused',
    ],
    ['400', new BadRequestError(answer(400)), 'refused'],
    ['403', new PermissionDeniedError(answer(403)), 'refused'],
    ['404', new NotFoundError(answer(404)), 'refused'],
    ['413', new LoyaltyApiError(answer(413)), 'refused'],
    ['422', new UnprocessableEntityError(answer(422)), 'refused'],
    ['409: the key in flight or used with another request', new ConflictError(answer(409)), 'unknown'],
    ['429 after the retries', new RateLimitError({ ...answer(429), retryAfterMs: 1_000 }), 'unknown'],
    ['500 after the retries', new InternalServerError(answer(500)), 'unknown'],
    [
      'no answer after the retries',
      new LoyaltyConnectionError('clientes.puntos.add', 'bulk-v1-0', 'lost', undefined),
      'unknown',
    ],
    ['a timeout', new LoyaltyTimeoutError('clientes.puntos.add', 'bulk-v1-0', 'slow', undefined), 'unknown'],
    ['anything else', new Error('?'), 'unknown'],
  ])('%s: %s', (_case, error, outcome) => {
    expect(outcomeOf(error)).toBe(outcome);
  });
});

describe('rowItemKey: the item key a row goes under', () => {
  it.each([
    ['a row of the input', { id: 'm3' }, 'm3'],
    ['a refused row of a failures file', { id: 'm3', outcome: 'refused', sentItemKey: 'm3' }, 'm3/fix'],
    [
      'a row refused again after a fix',
      { id: 'm3', outcome: 'refused', sentItemKey: 'm3/fix' },
      'm3/fix/fix',
    ],
    ['a row of unknown outcome', { id: 'm3', outcome: 'unknown', sentItemKey: 'm3' }, 'm3'],
    [
      'a row of unknown outcome sent after a fix',
      { id: 'm3', outcome: 'unknown', sentItemKey: 'm3/fix' },
      'm3/fix',
    ],
    [
      'an outcome the file never writes (kept to the key it had)',
      { id: 'm3', outcome: 'maybe', sentItemKey: 'm3/fix' },
      'm3/fix',
    ],
    [
      'a failures row whose sentItemKey was emptied',
      { id: 'm3', outcome: 'refused', sentItemKey: '' },
      'm3/fix',
    ],
  ])('%s: %s', (_case, fields, key) => {
    expect(rowItemKey(fields, 'm3')).toBe(key);
  });
});
