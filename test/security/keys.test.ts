/**
 * Issue point 5, authentication: missing, empty, unknown and near-miss keys (one character
 * changed, a prefix, a suffix, another case, a surrounding space, a look-alike character, the key
 * twice) are a 401 with code 9501 on every operation, and the answer echoes nothing of the key.
 *
 * test/conformance/auth.test.ts covers missing, empty and unknown keys and another case over
 * HTTP; this file adds the near misses on every operation (at the engine, where any header value
 * can be sent, and through the SDK, which sends what it may) and a property over random keys.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, LoyaltyClient, type OperationId } from '../../src/index.js';
import { ERROR_CODES } from '../../src/operations/index.js';
import { operations } from '../../src/operations/table.js';
import { createReferenceEngine, EngineDispatcher, IN_PROCESS_BASE_URL } from '../../src/server/internal.js';
import { call, callSample } from '../support/in-process-engine.js';
import { checkProperty, runsFor } from '../support/property-runs.js';
import { callValid } from '../support/valid-sdk-calls.js';

const KEY = 'lk_sec_Q7w2Ez9rT4yU1iO8pA3sD6f';
const NO_LIMITS = {
  rateLimit: { limit: Number.POSITIVE_INFINITY },
  groupActionsPerMinute: Number.POSITIVE_INFINITY,
};
const engine = createReferenceEngine({ keys: [{ key: KEY, scopes: '*' }], limits: NO_LIMITS });

/** Keys that are almost KEY. Every one must be refused. */
const NEAR_MISSES: [string, string | null][] = [
  ['missing', null],
  ['empty', ''],
  ['a space', ' '],
  ['unknown', 'lk_sec_not-a-key-of-this-server'],
  ['the first character changed', `X${KEY.slice(1)}`],
  ['the last character changed', `${KEY.slice(0, -1)}g`],
  ['a middle character changed', `${KEY.slice(0, 12)}${KEY[12] === 'a' ? 'b' : 'a'}${KEY.slice(13)}`],
  ['a prefix (one character short)', KEY.slice(0, -1)],
  ['a prefix (half)', KEY.slice(0, KEY.length / 2)],
  ['a suffix (one character added)', `${KEY}x`],
  ['the key without its first character', KEY.slice(1)],
  ['upper case', KEY.toUpperCase()],
  ['lower case', KEY.toLowerCase()],
  ['one letter in another case', `${KEY.slice(0, 7)}q${KEY.slice(8)}`],
  ['a trailing space', `${KEY} `],
  ['a leading space', ` ${KEY}`],
  ['a trailing tab', `${KEY}\t`],
  ['a trailing NUL', `${KEY}\u0000`],
  ['a zero-width space inside', `${KEY.slice(0, 5)}\u200b${KEY.slice(5)}`],
  ['a Cyrillic look-alike', KEY.replace('O', '\u041e')],
  ['the key twice (as two headers joined)', `${KEY}, ${KEY}`],
  ['a Bearer prefix', `Bearer ${KEY}`],
  ['quoted', `"${KEY}"`],
];

it('every near miss differs from the key', () => {
  for (const [, key] of NEAR_MISSES) expect(key).not.toBe(KEY);
});

const cases = operations.flatMap((operation) =>
  NEAR_MISSES.map(([label, key]) => [operation.id, label, key, operation] as const),
);

describe('401 for a missing, empty, unknown or near-miss key, on every operation (engine)', () => {
  it.each(cases)('%s with %s', async (_id, _label, key, operation) => {
    const reply = await callSample(engine, operation, { key });
    expect(reply.status).toBe(401);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.unauthorized);
    expect(reply.json.meta.appId).toBe(0);
    if (key !== null && key.length > 4) expect(reply.body).not.toContain(key);
    expect(reply.body).not.toContain(KEY);
  });

  it('the exact key passes, and its help needs it too', async () => {
    for (const operation of operations) {
      expect((await callSample(engine, operation, { key: KEY })).status).not.toBe(401);
      const help = await callSample(engine, operation, { key: `${KEY} `, query: 'help=true' });
      expect(help.status).toBe(401);
    }
  });
});

describe('401 through the SDK for near-miss keys it can send', () => {
  const sendable = NEAR_MISSES.filter(
    ([, key]) => key !== null && key.trim() === key && key !== '' && /^[\t\x20-\x7e\x80-\xff]*$/.test(key),
  );
  it.each(sendable)(
    'with %s: AuthenticationError, 401, code 9501, no key in the message',
    async (_label, key) => {
      const client = new LoyaltyClient({
        apiKey: key!,
        baseUrl: IN_PROCESS_BASE_URL,
        dispatcher: new EngineDispatcher((request) => engine.handle(request)),
        maxRetries: 0,
        logLevel: 'off',
      });
      for (const operation of operations) {
        const error = await callValid(client, operation.id as OperationId).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(AuthenticationError);
        expect((error as AuthenticationError).status).toBe(401);
        expect((error as AuthenticationError).codigoRespuesta).toBe(ERROR_CODES.unauthorized);
        expect(String(error)).not.toContain(KEY);
      }
    },
  );
});

describe('near misses of random keys (fast-check)', () => {
  const keyUnit = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
  const randomKey = fc.string({ unit: keyUnit, minLength: 8, maxLength: 200 });
  const mutation = fc.oneof(
    fc.tuple(fc.constant('change'), fc.nat(), keyUnit),
    fc.tuple(fc.constant('truncate'), fc.nat(), fc.constant('')),
    fc.tuple(fc.constant('append'), fc.nat(), fc.string({ unit: keyUnit, minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constant('prepend'), fc.nat(), fc.string({ unit: keyUnit, minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constant('case'), fc.nat(), fc.constant('')),
    fc.tuple(fc.constantFrom('space', 'tab'), fc.nat(), fc.constant('')),
  );

  function mutate(key: string, [kind, at, text]: [string, number, string]): string {
    const index = at % key.length;
    switch (kind) {
      case 'change':
        return `${key.slice(0, index)}${text === key[index] ? String.fromCharCode(((text.charCodeAt(0) - 0x21 + 1) % 94) + 0x21) : text}${key.slice(index + 1)}`;
      case 'truncate':
        return key.slice(0, index);
      case 'append':
        return `${key}${text}`;
      case 'prepend':
        return `${text}${key}`;
      case 'case': {
        const swapped = [...key]
          .map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()))
          .join('');
        return swapped;
      }
      case 'space':
        return `${key} `;
      default:
        return `\t${key}`;
    }
  }

  it('a configured key passes; any near miss of it is a 401 that does not echo it', async () => {
    const property = fc.asyncProperty(
      randomKey,
      mutation,
      fc.constantFrom(...operations),
      async (key, change, operation) => {
        const presented = mutate(key, change as [string, number, string]);
        fc.pre(presented !== key);
        const own = createReferenceEngine({ keys: [{ key, scopes: '*' }], limits: NO_LIMITS });
        const good = await call(own, 'GET', '/ext/v3/openapi.json', { key });
        expect(good.status).toBe(200);
        const reply = await callSample(own, operation, { key: presented });
        expect(reply.status).toBe(401);
        expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.unauthorized);
        expect(reply.body).not.toContain(key);
      },
    );
    await checkProperty('near-miss keys', property, runsFor(300));
  });
});
