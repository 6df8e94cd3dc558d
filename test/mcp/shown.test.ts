/**
 * What leaves `loyalty mcp` (src/cli/mcp/shown.ts): the key masked in every string of a result,
 * a result too deep to serialize said in one sentence, and every call answered, whatever it threw.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { answered, keyMask, maskedCopy } from '../../src/cli/mcp/shown.js';

const KEY = 'lk_live_shown_test_key_5e7a9c1b';
const mask = keyMask(KEY);
const MASKED = `****${KEY.slice(-4)}`;
const textsOf = (result: CallToolResult) =>
  result.content.map((item) => (item.type === 'text' ? item.text : ''));

describe('maskedCopy', () => {
  it('masks every string and property name, at any depth', () => {
    const value = { a: [{ b: KEY }], [KEY]: 1, n: 5, z: null };
    expect(maskedCopy(value, mask)).toEqual({ a: [{ b: MASKED }], [MASKED]: 1, n: 5, z: null });
  });

  it('leaves the value it copies as it was (the SDK hands its data on unmasked)', () => {
    const value = { data: { nota: KEY } };
    maskedCopy(value, mask);
    expect(value.data.nota).toBe(KEY);
  });

  it('copies a field named __proto__ as a field', () => {
    const copy = maskedCopy(JSON.parse(`{"__proto__":{"x":"${KEY}"}}`), mask) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ x: MASKED });
  });

  it('copies a value nested 100,000 deep without running out of stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"${KEY}"${']'.repeat(100_000)}`);
    let inner: unknown = maskedCopy(deep, mask);
    for (let depth = 0; depth < 100_000; depth++) inner = (inner as unknown[])[0];
    expect(inner).toBe(MASKED);
  });
});

describe('keyMask', () => {
  it.each([
    ['as sent', (key: string) => `k: ${key}`, 'k: ****6789'],
    ['as a JSON string spells it', (key: string) => JSON.stringify({ k: key }), '{"k":"****6789"}'],
  ])('shows a key holding a quote %s as **** and its last 4 characters', (_how, textOf, expected) => {
    const quoted = 'lk_"quoted"_key_0123456789';
    expect(keyMask(quoted)(textOf(quoted))).toBe(expected);
  });
});

describe('answered', () => {
  it('turns a call that throws into an isError result with its message, masked', async () => {
    const result = await answered('t', mask, async () => {
      throw new Error(`broken for ${KEY}`);
    });
    expect(result.isError).toBe(true);
    expect(textsOf(result).at(-1)).toBe(`broken for ${MASKED}`);
  });

  it('turns a result that cannot be serialized (it nests too deep) into one sentence', async () => {
    const deep = JSON.parse(`${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    const result = await answered('tareas_list', mask, async () => ({
      content: [{ type: 'text', text: 'x' }],
      structuredContent: { data: deep },
    }));
    expect(result).toMatchObject({ isError: true });
    expect(result.structuredContent).toBeUndefined();
    expect(textsOf(result).at(-1)).toMatch(
      /^The service's answer to tareas_list nests deeper than 1000 levels/,
    );
  });

  it('answers even when the error thrown cannot be described', async () => {
    const unreadable = Object.defineProperty(new Error(), 'message', {
      get() {
        throw new Error('no message');
      },
    });
    const result = await answered('t', mask, async () => {
      throw unreadable;
    });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'The call failed, and its error could not be described.' }],
      isError: true,
    });
  });
});
