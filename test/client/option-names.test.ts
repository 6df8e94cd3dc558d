import { describe, expect, it } from 'vitest';
import { checkNames, nearestName } from '../../src/core/index.js';
import { LoyaltyError } from '../../src/index.js';

const KNOWN = ['apiKey', 'baseUrl', 'timeoutMs', 'maxRetries', 'logger', 'logLevel'] as const;

/** The message `checkNames` fails with for `value`, or undefined when it accepts it. */
function failureFor(value: object, known: readonly string[] = KNOWN): string | undefined {
  let message: string | undefined;
  const fail = (text: string): never => {
    message = text;
    throw new Error(text);
  };
  try {
    checkNames(value, known, 'test option', fail);
  } catch {
    // the message is what the test reads
  }
  return message;
}

describe('nearestName', () => {
  it.each([
    ['apikey', 'apiKey', 'the same name in other case'],
    ['TIMEOUTMS', 'timeoutMs', 'the same name in other case'],
    ['baseUri', 'baseUrl', 'one edit away'],
    ['maxRetires', 'maxRetries', 'two edits away'],
    ['logLevl', 'logLevel', 'one edit away, nearer than logger'],
    ['timeout', 'timeoutMs', 'the start of a known name'],
    ['timout', 'timeoutMs', 'one edit from the start of a known name'],
    ['logs', 'logger', 'as near to logger as to logLevel: the first known name wins'],
  ])('%s -> %s (%s)', (typed, expected) => {
    expect(nearestName(typed, KNOWN)).toBe(expected);
  });

  it.each([
    ['verbose', 'nothing alike'],
    ['retries', 'three edits from maxRetries'],
    ['api', 'a start of three letters is too short to count'],
    ['x', 'a single letter'],
  ])('%s -> none (%s)', (typed) => {
    expect(nearestName(typed, KNOWN)).toBeUndefined();
  });
});

describe('checkNames', () => {
  it('accepts an object whose names are all known, or that has none', () => {
    expect(failureFor({ apiKey: 'k', timeoutMs: 1 })).toBeUndefined();
    expect(failureFor({})).toBeUndefined();
  });

  it('names the near known name in the message', () => {
    expect(failureFor({ timout: 5 })).toBe('Unknown test option "timout"; did you mean "timeoutMs"?');
  });

  it('lists the known names when none is near', () => {
    expect(failureFor({ verbose: true })).toBe(
      'Unknown test option "verbose". Known: apiKey, baseUrl, timeoutMs, maxRetries, logger, logLevel.',
    );
  });

  it('reports the first unknown name of the object', () => {
    expect(failureFor({ apiKey: 'k', verbose: true, timout: 5 })).toContain('"verbose"');
  });

  it('throws LoyaltyError when given no fail function', () => {
    expect(() => checkNames({ apikey: 'k' }, KNOWN, 'LoyaltyClient option')).toThrowError(
      new LoyaltyError('Unknown LoyaltyClient option "apikey"; did you mean "apiKey"?'),
    );
  });
});
