/**
 * One rule for a key shown masked (src/core/secret-mask.ts): a key of 16 characters or more shows
 * `****` and its last 4, a shorter one `****` only; and every place that prints a key mask follows
 * it, for every key length from 1 to 20 (`loyalty serve` once showed the last 4 of a 12-character key).
 */
import { describe, expect, it } from 'vitest';
import { keyMask } from '../../src/cli/mcp/shown.js';
import { describeKeys } from '../../src/cli/serve/describe-keys.js';
import { forgetSecrets, hideWhenPrinted, printable } from '../../src/cli/shared/printed.js';
import { redactHeaders } from '../../src/client/logger.js';
import { maskSecret, maskSecretIn } from '../../src/core/index.js';
import { maskKey } from '../../src/server/inspector/request-entry.js';
import { maskedExchange } from '../../src/server/inspector/request-secrets.js';

const CHARACTERS = 'Zk9Qx7Wm4Rt2Yp8Lv3Nb';
const LENGTHS = Array.from({ length: 20 }, (_, index) => index + 1);
const keyOf = (length: number) => CHARACTERS.slice(0, length);

const exchangeOf = (query: string, authorization: string) =>
  maskedExchange(
    {
      path: '/ext/v3/tareas',
      query,
      requestHeaders: { authorization },
      requestBody: null,
      responseHeaders: {},
      responseBody: null,
    },
    undefined,
  );

/** Each place that prints a key, as the mask it prints for `key`. */
const PLACES: [string, (key: string) => string | undefined][] = [
  [
    "loyalty serve's list of keys",
    (key) =>
      describeKeys([{ key, scopes: '*' }])[0]
        ?.trim()
        .split(/\s+/)[0],
  ],
  ["the inspector's request log (its key column)", (key) => maskKey(key) ?? undefined],
  [
    "the inspector's Authorization header",
    (key) => exchangeOf('', `Bearer ${key}`).requestHeaders.authorization?.slice(7),
  ],
  [
    "the inspector's apikey query parameter",
    (key) => decodeURIComponent(exchangeOf(`apikey=${key}`, '').query.slice(7)),
  ],
  ["the client's logged headers", (key) => redactHeaders({ apikey: key }).apikey],
  ['a text that holds the key (maskSecretIn)', (key) => maskSecretIn(`<${key}>`, key).slice(1, -1)],
  [
    'what the CLI prints',
    (key) => {
      forgetSecrets();
      hideWhenPrinted(key);
      const shown = printable(`<${key}>`).slice(1, -1);
      forgetSecrets();
      return shown;
    },
  ],
  ["the MCP server's results", (key) => keyMask(key)(`<${key}>`).slice(1, -1)],
];

describe('the rule', () => {
  it.each(LENGTHS)('a key of %i characters', (length) => {
    const key = keyOf(length);
    expect(maskSecret(key)).toBe(length >= 16 ? `****${key.slice(-4)}` : '****');
  });
});

describe.each(PLACES)('%s shows a key as the rule does', (_place, shown) => {
  it.each(LENGTHS)('a key of %i characters', (length) => {
    const key = keyOf(length);
    expect(shown(key)).toBe(maskSecret(key));
  });
});
