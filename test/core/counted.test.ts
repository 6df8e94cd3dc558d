/** A count and its noun in a message: singular for one, plural otherwise, the same helper everywhere. */
import { describe, expect, it } from 'vitest';
import { counted } from '../../src/core/index.js';

describe('counted', () => {
  it('one takes the singular', () => {
    expect(counted(1, 'request')).toBe('1 request');
  });

  it.each([0, 2, 141])('%i takes the plural', (count) => {
    expect(counted(count, 'request')).toBe(`${count} requests`);
  });

  it('a noun whose plural is not its name and an s takes the plural given', () => {
    expect(counted(2, 'entry', 'entries')).toBe('2 entries');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
  });
});
