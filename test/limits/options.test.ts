/** `createMemoryLimiter` checks its options before anything is made, and names the option meant. */
import { describe, expect, it } from 'vitest';
import { createMemoryLimiter, type MemoryLimiterOptions } from '../../src/index.js';

const VALID = { requestsPerSecond: 100, groupActionsPerMinute: 10 };

function failureOf(options: unknown): Error | undefined {
  try {
    createMemoryLimiter(options as MemoryLimiterOptions);
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('createMemoryLimiter options', () => {
  it('accepts both rates as positive integers', () => {
    expect(failureOf(VALID)).toBeUndefined();
    expect(failureOf({ requestsPerSecond: 1, groupActionsPerMinute: 1 })).toBeUndefined();
  });

  it.each([
    [
      { ...VALID, requestPerSecond: 5 },
      'Unknown createMemoryLimiter option "requestPerSecond"; did you mean "requestsPerSecond"?',
    ],
    [
      { ...VALID, groupActionsPerMin: 5 },
      'Unknown createMemoryLimiter option "groupActionsPerMin"; did you mean "groupActionsPerMinute"?',
    ],
    [
      { ...VALID, RequestsPerSecond: 5 },
      'Unknown createMemoryLimiter option "RequestsPerSecond"; did you mean "requestsPerSecond"?',
    ],
    [
      { ...VALID, redis: {} },
      'Unknown createMemoryLimiter option "redis". Known: requestsPerSecond, groupActionsPerMinute, spread.',
    ],
  ])('an unknown name is refused with the name meant: %o', (options, message) => {
    const error = failureOf(options);
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe(message);
  });

  it.each([
    [
      { groupActionsPerMinute: 10 },
      TypeError,
      'createMemoryLimiter needs requestsPerSecond: the requests per second your API key is allowed, a positive integer',
    ],
    [
      { requestsPerSecond: 100 },
      TypeError,
      'createMemoryLimiter needs groupActionsPerMinute: the group actions per minute your API key is allowed, a positive integer',
    ],
    [
      { ...VALID, requestsPerSecond: '100' },
      TypeError,
      'createMemoryLimiter option requestsPerSecond must be a number',
    ],
    [
      { ...VALID, requestsPerSecond: 0 },
      RangeError,
      'createMemoryLimiter option requestsPerSecond must be a positive integer, got 0',
    ],
    [
      { ...VALID, requestsPerSecond: -5 },
      RangeError,
      'createMemoryLimiter option requestsPerSecond must be a positive integer, got -5',
    ],
    [
      { ...VALID, requestsPerSecond: 0.5 },
      RangeError,
      'createMemoryLimiter option requestsPerSecond must be a positive integer, got 0.5',
    ],
    [
      { ...VALID, groupActionsPerMinute: Number.POSITIVE_INFINITY },
      RangeError,
      'createMemoryLimiter option groupActionsPerMinute must be a positive integer, got Infinity',
    ],
    [{ ...VALID, spread: 'yes' }, TypeError, 'createMemoryLimiter option spread must be true or false'],
    [
      { ...VALID, groupActionsPerMinute: Number.NaN },
      RangeError,
      'createMemoryLimiter option groupActionsPerMinute must be a positive integer, got NaN',
    ],
  ])('each rate is a positive integer: %o', (options, type, message) => {
    const error = failureOf(options);
    expect(error).toBeInstanceOf(type);
    expect(error?.message).toBe(message);
  });

  it.each([undefined, null, 100, 'fast'])('takes an object, not %o', (options) => {
    expect(failureOf(options)?.message).toBe(
      'createMemoryLimiter takes an object: { requestsPerSecond, groupActionsPerMinute }',
    );
  });
});
