/** One canonical JSON for the server's request fingerprints and the MCP server's derived keys (src/core). */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/index.js';

describe('canonicalJson', () => {
  it('sorts the keys of every object, however deep', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: 3 } })).toBe(
      '{"a":{"c":3,"d":[{"e":2,"f":1}]},"b":1}',
    );
  });

  it.each([
    ['an undefined member is left out', { a: undefined, b: 1 }],
    ['an undefined item is null', [undefined, 1]],
    ['strings are escaped', { 'k"': 'line\nbreak' }],
    ['numbers, booleans and null as written', { n: -1.5e-7, t: true, z: null }],
  ])('writes what JSON.stringify writes, key order aside: %s', (_rule, value) => {
    expect(canonicalJson(value)).toBe(JSON.stringify(value));
  });

  it('keeps a __proto__ key as a member, assigning nothing', () => {
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":1}'))).toBe('{"__proto__":{"x":1},"a":1}');
  });

  it('two bodies that differ only in key order give the same text', () => {
    expect(canonicalJson({ uid: 'cli_0001', puntos: 5 })).toBe(canonicalJson({ puntos: 5, uid: 'cli_0001' }));
  });
});
