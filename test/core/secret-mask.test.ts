import { describe, expect, it } from 'vitest';
import { maskSecret, maskSecretIn, SECRET_FRAGMENT } from '../../src/core/index.js';

const KEY = 'lk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0'; // 38 characters

/** Whether any run of SECRET_FRAGMENT characters of `secret` survives in `text`. */
function holdsFragment(text: string, secret: string): boolean {
  for (let start = 0; start + SECRET_FRAGMENT <= secret.length; start++) {
    if (text.includes(secret.slice(start, start + SECRET_FRAGMENT))) return true;
  }
  return false;
}

describe('maskSecret', () => {
  it.each([
    ['a key of 16 characters or more keeps its last 4', KEY, '****b1a0'],
    ['a shorter key keeps none', 'short-key-123', '****'],
  ])('%s', (_rule, secret, expected) => {
    expect(maskSecret(secret)).toBe(expected);
  });
});

describe('maskSecretIn', () => {
  it.each([
    ['the whole key, as maskSecret shows it', `{"requestId":"${KEY}"}`, '{"requestId":"****b1a0"}'],
    ['every occurrence of it', `${KEY} and ${KEY}`, '****b1a0 and ****b1a0'],
    [
      'a key split by a NUL: each half of 8 or more characters',
      `${KEY.slice(0, 20)}\u0000${KEY.slice(20)}`,
      '****\u0000****',
    ],
    ['a key split by a line break', `"${KEY.slice(0, 11)}\n${KEY.slice(11)}"`, '"****\n****"'],
    ['a run of 8 characters inside other text', `id=${KEY.slice(5, 13)}!`, 'id=****!'],
    ['a URL-encoded key is the key', `?apikey=${KEY}`, '?apikey=****b1a0'],
  ])('masks %s', (_what, text, expected) => {
    expect(maskSecretIn(text, KEY)).toBe(expected);
    expect(holdsFragment(maskSecretIn(text, KEY), KEY)).toBe(false);
  });

  it.each([
    ['text without the key', 'nothing to see here'],
    ['a run of 7 of its characters', `x${KEY.slice(0, 7)}x`],
    ['the empty text', ''],
  ])('leaves %s as it is', (_what, text) => {
    expect(maskSecretIn(text, KEY)).toBe(text);
  });

  it('masks a key shorter than 8 characters only where it stands whole', () => {
    expect(maskSecretIn('a-b-secret7-c secre', 'secret7')).toBe('a-b-****-c secre');
  });

  it('leaves the text as it is for an empty secret', () => {
    expect(maskSecretIn('anything', '')).toBe('anything');
  });
});

describe('maskSecretIn, other spellings of the key', () => {
  const QUOTED = 'lk_live_"quoted"\\key/with spaces&more';
  it.each([
    ['percent-encoded, in a path or a query', `/clientes?apikey=${encodeURIComponent(QUOTED)}`],
    ['escaped inside a JSON string', JSON.stringify({ echo: QUOTED })],
    ['as it is', `echo: ${QUOTED}`],
  ])('masks the key %s', (_how, text) => {
    const masked = maskSecretIn(text, QUOTED);
    expect(masked).toContain(maskSecret(QUOTED));
    expect(holdsFragment(masked, QUOTED)).toBe(false);
    expect(holdsFragment(masked, encodeURIComponent(QUOTED))).toBe(false);
    expect(holdsFragment(masked, JSON.stringify(QUOTED).slice(1, -1))).toBe(false);
  });
});
