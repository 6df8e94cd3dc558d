/** The rules of a field as help states them: a bound of one character is said in the singular. */
import { describe, expect, it } from 'vitest';
import { ruleOf } from '../../src/operations/help.js';

describe('ruleOf', () => {
  it('a minimum length of 1 is "at least 1 char"', () => {
    expect(ruleOf({ type: 'string', minLength: 1, maxLength: 128 })).toBe(
      'string, at least 1 char, at most 128 chars',
    );
  });

  it('a maximum length of 1 is "at most 1 char"', () => {
    expect(ruleOf({ type: 'string', maxLength: 1 })).toBe('string, at most 1 char');
  });
});
