// @ts-check
// A small piece of an integration, the kind of module an application owns: it turns orders into
// loyalty points and maps the SDK's errors to outcomes the application understands. The MSW test
// (examples/msw-consumer-test.test.mjs) tests it without the network.
import {
  InternalServerError,
  LoyaltyConnectionError,
  NotFoundError,
  RateLimitError,
  UnprocessableEntityError,
} from 'loyalty-sdk';

/** One point per 1,000 of the order's total. */
export const POINTS_PER_UNIT = 1 / 1_000;

/**
 * @typedef {{ id: string, customerUid: string, total: number }} Order
 * @typedef {{ status: 'rewarded' | 'refunded', puntos: number, saldo: number, movimientoId: string }
 *   | { status: 'nothing-to-do' }
 *   | { status: 'unknown-customer' }
 *   | { status: 'insufficient-balance', saldo: number }
 *   | { status: 'retry-later', idempotencyKey: string | undefined, reason: string }} Outcome
 */

/**
 * The Idempotency-Key of one order's points: the same order always gives the same key.
 * @param {Order} order
 * @param {'reward' | 'refund'} kind
 */
export function keyFor(order, kind) {
  return `order-${order.id}-${kind}`;
}

/**
 * Adds (or removes) the points of one order, once, and says what happened.
 * @param {import('loyalty-sdk').LoyaltyClient} client
 * @param {Order} order
 * @param {'reward' | 'refund'} kind
 * @returns {Promise<Outcome>}
 */
async function movePoints(client, order, kind) {
  const points = Math.floor(order.total * POINTS_PER_UNIT);
  if (points === 0) return { status: 'nothing-to-do' };
  try {
    const movement = await client.clientes.puntos.add(
      order.customerUid,
      { puntos: kind === 'reward' ? points : -points, motivo: `${kind} of order ${order.id}` },
      { idempotencyKey: keyFor(order, kind) },
    );
    return {
      status: kind === 'reward' ? 'rewarded' : 'refunded',
      puntos: movement.puntos,
      saldo: movement.saldo,
      movimientoId: movement.movimientoId,
    };
  } catch (error) {
    if (error instanceof NotFoundError) return { status: 'unknown-customer' };
    if (error instanceof UnprocessableEntityError) {
      const legacy = /** @type {{ codigo?: string, saldo?: number } | undefined} */ (error.legacy);
      if (legacy?.codigo === 'SALDO_INSUFICIENTE') {
        return { status: 'insufficient-balance', saldo: legacy.saldo ?? 0 };
      }
    }
    if (
      error instanceof RateLimitError ||
      error instanceof InternalServerError ||
      error instanceof LoyaltyConnectionError
    ) {
      // Safe to run again later: the same order gives the same key, so it cannot apply twice.
      return { status: 'retry-later', idempotencyKey: keyFor(order, kind), reason: error.name };
    }
    throw error;
  }
}

/**
 * @param {import('loyalty-sdk').LoyaltyClient} client
 * @param {Order} order
 */
export const rewardOrder = (client, order) => movePoints(client, order, 'reward');

/**
 * @param {import('loyalty-sdk').LoyaltyClient} client
 * @param {Order} order
 */
export const refundOrder = (client, order) => movePoints(client, order, 'refund');
