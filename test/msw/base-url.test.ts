import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoyaltyClient, LoyaltyError } from '../../src/index.js';
import { createLoyaltyHandlers } from '../../src/msw/index.js';
import { DEMO_API_KEY } from '../../src/server/index.js';

/**
 * `createLoyaltyHandlers` reads its `baseUrl` as the client reads its own: the handlers of a
 * baseUrl answer a client given that same baseUrl, whichever of its accepted forms it is in.
 */

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterAll(() => msw.close());

/** Handlers for `baseUrl` as the only ones, and a client made after MSW took `globalThis.fetch`. */
function clientAndHandlers(baseUrl: string): LoyaltyClient {
  msw.resetHandlers(...createLoyaltyHandlers({ baseUrl }).handlers);
  return new LoyaltyClient({
    apiKey: DEMO_API_KEY,
    baseUrl,
    fetch: globalThis.fetch,
    maxRetries: 0,
    logLevel: 'off',
  });
}

const FORMS = [
  ['without a trailing slash', 'https://loyalty.test', 'https://loyalty.test'],
  ['with a trailing slash', 'https://loyalty.test/', 'https://loyalty.test'],
  ['with /ext/v3', 'https://loyalty.test/ext/v3', 'https://loyalty.test'],
  ['with /ext/v3/', 'https://loyalty.test/ext/v3/', 'https://loyalty.test'],
  [
    'with a gateway prefix and /ext/v3',
    'https://loyalty.test/gateway/ext/v3',
    'https://loyalty.test/gateway',
  ],
] as const;

describe('createLoyaltyHandlers accepts the baseUrl forms LoyaltyClient accepts', () => {
  it.each(FORMS)(
    'a baseUrl %s: the client given the same baseUrl reaches the handlers',
    async (_l, baseUrl) => {
      const client = clientAndHandlers(baseUrl);
      await expect(client.tareas.list()).resolves.toBeInstanceOf(Array);
    },
  );

  it.each(FORMS)(
    "a baseUrl %s: the OpenAPI document's server is the {base_url}, without /ext/v3 (its paths carry it)",
    async (_l, baseUrl, specBase) => {
      const document = await clientAndHandlers(baseUrl).openapi.retrieve();
      expect(document.servers).toEqual([{ url: specBase }]);
    },
  );

  it.each([
    ['not a URL', 'loyalty.test'],
    ['not http(s)', 'ftp://loyalty.test'],
    ['with a query', 'https://loyalty.test/?x=1'],
  ])('a baseUrl %s throws the LoyaltyError the client throws for it', (_label, baseUrl) => {
    const refusal = (make: () => unknown): unknown => {
      try {
        make();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const fromHandlers = refusal(() => createLoyaltyHandlers({ baseUrl }));
    const fromClient = refusal(() => new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl }));
    expect(fromHandlers).toBeInstanceOf(LoyaltyError);
    expect((fromHandlers as Error).message).toBe((fromClient as Error).message);
  });
});
