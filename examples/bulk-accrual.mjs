// @ts-check
// A nightly accrual from a CSV of orders with client.bulk: the job is stopped half-way (a deploy,
// a crash, Ctrl-C) and started again with the same jobId and checkpoint. The second run skips the
// orders the first one finished and sends the others with the same Idempotency-Keys, so every
// order moves points exactly once.
//
// Run: node examples/bulk-accrual.mjs (starts a reference server in this process; the CSV and
// the checkpoint go to a temporary directory).
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LoyaltyAbortError, LoyaltyClient } from 'loyalty-sdk';
import { createFileCheckpoint } from 'loyalty-sdk/bulk';
import { createReferenceServer, DEMO_API_KEY } from 'loyalty-sdk/server';

const CUSTOMERS = 6;
const ORDERS = 60;
const STOP_AFTER = 25;

/**
 * @typedef {{ id: string, uid: string, puntos: number }} Order
 */

/**
 * The orders of a CSV file (`order_id,customer_uid,points`), one at a time: the job reads the
 * file as it goes and never holds it whole.
 * @param {string} path
 * @returns {AsyncGenerator<Order>}
 */
async function* readOrders(path) {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  let header = true;
  for await (const line of lines) {
    if (header || line === '') {
      header = false;
      continue;
    }
    const [id = '', uid = '', points = ''] = line.split(',');
    yield { id, uid, puntos: Number(points) };
  }
}

const server = createReferenceServer({ seed: 'empty' });
const baseUrl = await server.listen({ port: 0 });
const directory = await mkdtemp(join(tmpdir(), 'bulk-accrual-'));
try {
  // The day's orders, as the shop's system exports them.
  const uids = Array.from({ length: CUSTOMERS }, (_, index) =>
    server.admin.createCustomer({ uid: `cli_${100 + index}`, puntos: 0 }),
  );
  /** @type {Order[]} */
  const orders = Array.from({ length: ORDERS }, (_, index) => ({
    id: `A-${1000 + index}`,
    uid: uids[index % CUSTOMERS] ?? '',
    puntos: 10 + (index % 7) * 5,
  }));
  const csv = join(directory, 'orders-2026-11-22.csv');
  const rows = orders.map((order) => `${order.id},${order.uid},${order.puntos}`);
  await writeFile(csv, `order_id,customer_uid,points\n${rows.join('\n')}\n`);
  console.log(`Wrote ${ORDERS} orders of ${CUSTOMERS} customers to ${csv}`);

  const client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, logLevel: 'error' });
  const checkpointPath = join(directory, 'accrual-2026-11-22.ckpt');
  /** @type {import('loyalty-sdk/bulk').BulkOptions<Order>} */
  const options = {
    jobId: 'accrual-2026-11-22',
    itemKey: (order) => order.id,
    concurrency: 4,
  };
  /** The one call per order; `call` carries the order's Idempotency-Key and the job's signal. */
  const accrue = (/** @type {Order} */ order, /** @type {import('loyalty-sdk/bulk').BulkCall} */ call) =>
    client.clientes.puntos.add(order.uid, { puntos: order.puntos, motivo: `Order ${order.id}` }, call);

  // 1. The job stops after STOP_AFTER orders, as when the process is told to stop.
  const stop = new AbortController();
  let finished = 0;
  try {
    await client.bulk(readOrders(csv), accrue, {
      ...options,
      checkpoint: createFileCheckpoint(checkpointPath),
      signal: stop.signal,
      onItem: () => {
        finished += 1;
        if (finished === STOP_AFTER) stop.abort();
      },
    });
    assert.fail('expected the first run to be stopped');
  } catch (error) {
    if (!(error instanceof LoyaltyAbortError)) throw error;
    console.log(`\n1. Stopped: ${error.message}`);
  }

  // 2. Started again: the same jobId, the same checkpoint file.
  const summary = await client.bulk(readOrders(csv), accrue, {
    ...options,
    checkpoint: createFileCheckpoint(checkpointPath),
  });
  console.log('\n2. Started again with the same jobId and checkpoint:');
  console.log(`   succeeded ${summary.succeeded}, skipped ${summary.skipped}, failed ${summary.failed}`);
  console.log(`   summary: ${JSON.stringify({ ...summary, elapsedMs: Math.round(summary.elapsedMs) })}`);
  assert.equal(summary.failed, 0);
  assert.equal(summary.succeeded + summary.skipped, ORDERS);
  assert.ok(summary.skipped >= STOP_AFTER, 'the orders finished by the first run are skipped');

  // 3. Each customer received exactly the points of its orders, and the audit one entry per order.
  for (const uid of uids) {
    const due = orders.filter((order) => order.uid === uid).reduce((sum, order) => sum + order.puntos, 0);
    assert.equal(server.admin.customer(uid)?.puntos, due, `${uid} has the points of its orders`);
  }
  assert.equal(server.admin.audit().length, ORDERS, 'one movement per order');
  console.log(
    `\nDone: ${ORDERS} orders accrued, each exactly once (${summary.skipped} skipped on the second run).`,
  );
} finally {
  await rm(directory, { recursive: true, force: true });
  await server.close();
}
