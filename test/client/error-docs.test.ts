/**
 * The editor shows an error class's doc comment where `instanceof` names it: each class the
 * client throws for an answer says what the answer means, so a reader need not open a guide.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../../src/client/errors.ts', import.meta.url), 'utf8');

/** Each class of errors.ts, with the line before its declaration. */
const classes = [...SOURCE.matchAll(/^(.*)\nexport class (\w+)/gm)].map(([, before, name]) => ({
  name: name as string,
  before: before as string,
}));

describe('doc comments of the error classes', () => {
  it('there are classes to check', () => {
    expect(classes.map((entry) => entry.name)).toContain('ConflictError');
  });

  it.each(classes)('$name has a doc comment', ({ before }) => {
    expect(before).toMatch(/\*\/$/);
  });
});
