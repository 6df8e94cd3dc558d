import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_PRINTED_DEPTH, printableJson } from '../../src/core/index.js';

/** `[[[...]]]` nested `depth` arrays deep, parsed as a service would send it. */
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('deeperThan', () => {
  it.each([
    [0, 'a number', 1, false],
    [1, 'one array', 1, false],
    [2, 'two arrays', 1, true],
    [MAX_PRINTED_DEPTH, 'MAX_PRINTED_DEPTH arrays', MAX_PRINTED_DEPTH, false],
    [100_000, '100,000 arrays', MAX_PRINTED_DEPTH, true],
  ])('%i levels (%s) over a limit of %i: %s', (depth, _what, limit, expected) => {
    expect(deeperThan(depth === 0 ? 1 : nested(depth), limit)).toBe(expected);
  });
});

describe('printableJson', () => {
  it('prints what nests within MAX_PRINTED_DEPTH as JSON.stringify does', () => {
    const value = { data: [1, { a: 'b' }], meta: null };
    expect(printableJson(value, 2)).toBe(JSON.stringify(value, undefined, 2));
  });

  it('gives undefined, not a stack overflow, for JSON nested 100,000 deep', () => {
    expect(printableJson(nested(100_000))).toBeUndefined();
  });
});
