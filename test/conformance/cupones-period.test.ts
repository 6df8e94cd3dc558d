import { describe, expect, it } from 'vitest';
import { LoyaltyClient, LoyaltyValidationError } from '../../src/index.js';
import { LIMITS } from '../../src/operations/index.js';
import { createReferenceEngine, DEMO_API_KEY } from '../../src/server/internal.js';
import { checkedEngine, openApiCheckOfFile } from '../support/openapi-check.js';

// docs/decisions.md: a /cupones period spans at most LIMITS.cuponesMaxDays days, on both sides.
const LONGEST = { inicio: '2024-01-01', fin: '2024-12-31' }; // 366 days (leap year)
const TOO_LONG = { inicio: '2024-01-01', fin: '2025-01-01' }; // 367 days

describe('the /cupones period limit', () => {
  it(`the server answers a period of ${LIMITS.cuponesMaxDays} days`, async () => {
    const engine = checkedEngine(createReferenceEngine(), await openApiCheckOfFile());
    const response = await engine.handle({
      method: 'GET',
      path: '/ext/v3/promociones/1/cupones',
      query: new URLSearchParams(LONGEST).toString(),
      headers: { apikey: DEMO_API_KEY },
    });
    expect(response.status).toBe(200);
  });

  it('the server refuses one day more with 400 and details naming query fin', async () => {
    const engine = checkedEngine(createReferenceEngine(), await openApiCheckOfFile());
    const response = await engine.handle({
      method: 'GET',
      path: '/ext/v3/promociones/1/cupones',
      query: new URLSearchParams(TOO_LONG).toString(),
      headers: { apikey: DEMO_API_KEY },
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).details).toEqual([
      expect.objectContaining({
        in: 'query',
        name: 'fin',
        message: expect.stringMatching(/at most 366 days/),
      }),
    ]);
  });

  it('the client refuses one day more before sending', async () => {
    let sent = 0;
    const client = new LoyaltyClient({
      apiKey: DEMO_API_KEY,
      baseUrl: 'http://loyalty.test',
      fetch: async () => {
        sent++;
        return new Response('{}');
      },
    });
    const error = await client.promociones.cupones.list(1, TOO_LONG).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoyaltyValidationError);
    expect(sent).toBe(0);
  });
});
