/** The `limiter` client option is checked with the others: a misspelt name or a wrong value is refused. */
import { describe, expect, it } from 'vitest';
import { type ClientOptions, createMemoryLimiter, LoyaltyClient, LoyaltyError } from '../../src/index.js';

const BASE = { apiKey: 'lk_limiter_option_test', baseUrl: 'https://api.example.test' };
const NOT_A_LIMITER =
  'limiter must be a limiter, such as createMemoryLimiter({ requestsPerSecond, groupActionsPerMinute }) makes';

function constructionError(options: Record<string, unknown>): Error | undefined {
  try {
    new LoyaltyClient({ ...BASE, ...options } as ClientOptions);
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('limiter client option', () => {
  it('takes a limiter, or none', () => {
    const limiter = createMemoryLimiter({ requestsPerSecond: 10, groupActionsPerMinute: 1 });
    expect(constructionError({ limiter })).toBeUndefined();
    expect(constructionError({ limiter: undefined })).toBeUndefined();
  });

  it.each([
    ['limitter', 'Unknown LoyaltyClient option "limitter"; did you mean "limiter"?'],
    ['limter', 'Unknown LoyaltyClient option "limter"; did you mean "limiter"?'],
    ['Limiter', 'Unknown LoyaltyClient option "Limiter"; did you mean "limiter"?'],
  ])('a misspelt %s is refused, naming the option meant', (name, message) => {
    const error = constructionError({
      [name]: createMemoryLimiter({ requestsPerSecond: 1, groupActionsPerMinute: 1 }),
    });
    expect(error).toBeInstanceOf(LoyaltyError);
    expect(error?.message).toBe(message);
  });

  it.each([
    ['an empty object', {}],
    ['null', null],
    ['a number of requests per second', 100],
    ['the factory instead of what it makes', createMemoryLimiter],
    ['its options', { requestsPerSecond: 100, groupActionsPerMinute: 10 }],
  ])('%s is refused with a LoyaltyError saying what a limiter is', (_, limiter) => {
    const error = constructionError({ limiter });
    expect(error).toBeInstanceOf(LoyaltyError);
    expect(error?.message).toBe(NOT_A_LIMITER);
  });

  it('withOptions checks it the same way', () => {
    const client = new LoyaltyClient(BASE);
    expect(() => client.withOptions({ limiter: {} } as ClientOptions)).toThrow(NOT_A_LIMITER);
  });
});
