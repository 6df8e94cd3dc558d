// @ts-check
// A consumer-style unit test with MSW: the application's own MSW server answers with the SDK's
// handlers, which run the reference engine (state, keys, idempotency, business rules), and the
// client sends through globalThis.fetch, the fetch MSW intercepts. No port, no network.
//
// Run: npx vitest run --root examples (after npm run build)
import { LoyaltyClient } from 'loyalty-sdk';
import { createLoyaltyHandlers } from 'loyalty-sdk/msw';
import { DEMO_API_KEY } from 'loyalty-sdk/server';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refundOrder, rewardOrder } from './lib/rewards.mjs';

const baseUrl = 'https://loyalty.test';
const loyalty = createLoyaltyHandlers({ baseUrl });
const server = setupServer(...loyalty.handlers);

/** @type {LoyaltyClient} */
let client;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // After listen(): MSW intercepts by replacing globalThis.fetch, so read it once it is in place.
  client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, fetch: globalThis.fetch, maxRetries: 0 });
});
afterEach(() => {
  server.resetHandlers(); // drop the per-test overrides of server.use()
  loyalty.admin.reset(); // back to the demo data: tests do not share state
});
afterAll(() => server.close());

describe('rewardOrder', () => {
  it('adds the points of an order once, however often it runs', async () => {
    const before = loyalty.admin.customer('cli_0003')?.puntos ?? 0;
    const order = { id: 'SO-1001', customerUid: 'cli_0003', total: 125_900 };

    const first = await rewardOrder(client, order);
    const again = await rewardOrder(client, order);

    expect(first).toMatchObject({ status: 'rewarded', puntos: 125, saldo: before + 125 });
    expect(again).toEqual(first); // the replayed answer: same movement
    expect(loyalty.admin.customer('cli_0003')?.puntos).toBe(before + 125);
    expect(loyalty.admin.audit()).toEqual([
      expect.objectContaining({ uid: 'cli_0003', puntos: 125, motivo: 'reward of order SO-1001' }),
    ]);
  });

  it('reports an unknown customer instead of throwing', async () => {
    const outcome = await rewardOrder(client, { id: 'SO-1002', customerUid: 'cli_9999', total: 50_000 });
    expect(outcome).toEqual({ status: 'unknown-customer' });
  });

  it('asks to retry later with the same key when the service is down', async () => {
    server.use(
      http.post(`${baseUrl}/ext/v3/clientes/:uid/puntos`, () =>
        HttpResponse.json({ codigoRespuesta: 9500, msj: 'Error interno', meta: {} }, { status: 503 }),
      ),
    );
    const outcome = await rewardOrder(client, { id: 'SO-1003', customerUid: 'cli_0003', total: 80_000 });
    expect(outcome).toEqual({
      status: 'retry-later',
      idempotencyKey: 'order-SO-1003-reward',
      reason: 'InternalServerError',
    });
    expect(loyalty.admin.audit()).toEqual([]);
  });
});

describe('refundOrder', () => {
  it('reports a balance too low for the refund (the business rule of the service)', async () => {
    const uid = loyalty.admin.createCustomer({ puntos: 40 });
    const outcome = await refundOrder(client, { id: 'SO-2001', customerUid: uid, total: 125_000 });
    expect(outcome).toEqual({ status: 'insufficient-balance', saldo: 40 });
    expect(loyalty.admin.customer(uid)?.puntos).toBe(40);
  });

  it('removes the points of a refunded order', async () => {
    const uid = loyalty.admin.createCustomer({ puntos: 500 });
    const outcome = await refundOrder(client, { id: 'SO-2002', customerUid: uid, total: 125_000 });
    expect(outcome).toMatchObject({ status: 'refunded', puntos: -125, saldo: 375 });
  });
});
