// @ts-check
// Points with an idempotency key chosen by the caller: the key is derived from the order id, so
// however often the job runs for one order, and whatever the network loses, the points move once.
//
//   1. Reward an order, then run the same job again: the second call is a replay (same requestId).
//   2. Lose the answer in transit (a gateway in this script drops it after the service applied the
//      movement): the SDK retries with the same key and receives the original answer.
//   3. Reuse the key for a different amount: 409 ConflictError, nothing applied.
//
// Run: node examples/points-with-idempotency-key.mjs (starts an embedded reference server unless
// LOYALTY_BASE_URL and LOYALTY_API_KEY point at a service).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { ConflictError, LoyaltyClient } from 'loyalty-sdk';
import { retryLogger, target } from './lib/target.mjs';

const { baseUrl, apiKey, embedded, close } = await target();
console.log(embedded ? `Started the reference server at ${baseUrl}` : `Using ${baseUrl}`);

/**
 * The integrator's job: reward one order. The Idempotency-Key comes from the order id, never from
 * the attempt, so a re-run of the job (a crash, a redelivered queue message) cannot pay twice.
 * @param {LoyaltyClient} client
 * @param {{ id: string, customerUid: string, points: number }} order
 */
function rewardOrder(client, order) {
  return client.clientes.puntos
    .add(
      order.customerUid,
      { puntos: order.points, motivo: `Order ${order.id}` },
      { idempotencyKey: `order-${order.id}-points` },
    )
    .withResponse();
}

/**
 * A gateway in front of the service that loses the first answer to a points POST: it forwards the
 * request (the service applies it), reads the answer, then drops the connection instead of replying.
 * @param {string} upstream
 */
async function startLossyGateway(upstream) {
  /** @type {{ idempotencyKey: string | undefined, requestId: string | undefined }[]} */
  const dropped = [];
  /** @type {string[]} */
  const forwardedKeys = [];
  const hopByHop = ['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];
  const gateway = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!hopByHop.includes(name) && typeof value === 'string') headers[name] = value;
    }
    const isPointsPost = req.method === 'POST' && /\/puntos$/.test(req.url ?? '');
    if (isPointsPost) forwardedKeys.push(headers['idempotency-key'] ?? '(none)');
    const answer = await fetch(new URL(req.url ?? '/', upstream), {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (isPointsPost && dropped.length === 0) {
      dropped.push({
        idempotencyKey: headers['idempotency-key'],
        requestId: JSON.parse(body.toString('utf8')).meta?.requestId,
      });
      req.socket.destroy(); // the answer never reaches the client
      return;
    }
    /** @type {Record<string, string>} */
    const relayed = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) {
        relayed[name] = value;
      }
    });
    res.writeHead(answer.status, relayed).end(body);
  });
  await new Promise((resolve) => gateway.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (gateway.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    dropped,
    forwardedKeys,
    close: () => {
      gateway.closeAllConnections();
      return new Promise((resolve) => gateway.close(() => resolve(undefined)));
    },
  };
}

const client = new LoyaltyClient({ apiKey, baseUrl });
const gateway = await startLossyGateway(baseUrl);
try {
  const cliente = await client.clientes.create({
    usuarioData: { nombre: 'Lucía', apellido: 'Gómez', email: `lucia.${Date.now()}@example.com` },
  });
  console.log(`Created customer ${cliente.uid} with ${cliente.puntos} points`);
  const run = Date.now().toString(36).toUpperCase();

  // 1. The job runs twice for one order.
  console.log('\n1. Reward order A twice (the job was redelivered)');
  const orderA = { id: `A-${run}`, customerUid: cliente.uid, points: 120 };
  const first = await rewardOrder(client, orderA);
  console.log(
    `   first call:  requestId ${first.meta.requestId}, key ${first.idempotencyKey}, balance ${first.data.saldo}`,
  );
  const again = await rewardOrder(client, orderA);
  console.log(
    `   second call: requestId ${again.meta.requestId}, replayed: ${again.headers['idempotent-replayed'] ?? 'not said'}, balance ${again.data.saldo}`,
  );
  assert.equal(first.idempotencyKey, `order-${orderA.id}-points`);
  assert.equal(again.meta.requestId, first.meta.requestId, 'the replay returns the original requestId');
  assert.equal(again.data.movimientoId, first.data.movimientoId, 'the replay is the same movement');
  let balance = (await client.clientes.retrieve(cliente.uid)).puntos;
  assert.equal(balance, cliente.puntos + 120, 'the balance moved once');
  console.log(`   balance is ${balance}: +120 once, not twice`);

  // 2. The answer is lost after the service applied the movement.
  console.log('\n2. Reward order B through a gateway that loses the first answer');
  const lossy = new LoyaltyClient({ apiKey, baseUrl: gateway.url, logger: retryLogger, logLevel: 'info' });
  const orderB = { id: `B-${run}`, customerUid: cliente.uid, points: 80 };
  const second = await rewardOrder(lossy, orderB);
  const lost = gateway.dropped[0];
  assert.ok(lost, 'the gateway dropped an answer');
  console.log(
    `   lost answer: requestId ${lost.requestId} (applied by the service, never seen by the client)`,
  );
  console.log(`   SDK retry:   requestId ${second.meta.requestId}, balance ${second.data.saldo}`);
  console.log(`   keys the gateway forwarded: ${gateway.forwardedKeys.join(', ')}`);
  assert.deepEqual(gateway.forwardedKeys, [`order-${orderB.id}-points`, `order-${orderB.id}-points`]);
  assert.equal(second.meta.requestId, lost.requestId, 'the retry received the lost answer again');
  balance = (await client.clientes.retrieve(cliente.uid)).puntos;
  assert.equal(balance, cliente.puntos + 200, 'order B moved the balance once');
  const history = await client.clientes.puntos.list(cliente.uid);
  assert.equal(
    history.filter((entry) => entry.motivo?.endsWith(run)).length,
    2,
    'two movements, one per order',
  );
  console.log(`   balance is ${balance}; the history holds one movement per order`);

  // 3. The same key for another amount is a mistake the service refuses.
  console.log('\n3. Reuse the key of order A for another amount');
  try {
    await client.clientes.puntos.add(
      cliente.uid,
      { puntos: 999, motivo: `Order ${orderA.id}` },
      { idempotencyKey: `order-${orderA.id}-points` },
    );
    assert.fail('expected a ConflictError');
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    console.log(
      `   ${error.name} ${error.status}: the key already stands for another request; nothing applied`,
    );
  }
  assert.equal((await client.clientes.retrieve(cliente.uid)).puntos, balance);

  console.log(`\nDone: ${cliente.uid} received 200 points from two orders, each applied exactly once.`);
} finally {
  await gateway.close();
  await close();
}
