import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { decodeWireParams } from '../../src/operations/wire.js';

const schema = z.strictObject({
  n: z.optional(z.number()),
  b: z.optional(z.boolean()),
  s: z.optional(z.string()),
});

describe('decodeWireParams', () => {
  it.each([
    ['n', '12', 12],
    ['n', '-1.5e3', -1500],
    ['n', '12abc', '12abc'],
    ['b', 'true', true],
    ['b', 'false', false],
    ['b', 'yes', 'yes'],
    ['s', '12', '12'],
    ['unknown', '12', '12'],
  ])('%s=%s decodes to %o', (name, raw, decoded) => {
    expect(decodeWireParams(schema, { [name]: raw })).toEqual({ [name]: decoded });
  });

  it('a parameter named __proto__ becomes an own property, not the prototype', () => {
    // As parseQuery hands it over: a null-prototype object holding the key as data.
    const raw: Record<string, string> = Object.assign(Object.create(null), JSON.parse('{"__proto__":"x"}'));
    const out = decodeWireParams(schema, raw);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(Object.keys(out)).toEqual(['__proto__']);
  });
});
