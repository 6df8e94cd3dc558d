// @ts-check
// One timed job of bench:bulk in a process of its own, so no run inherits another's heap or
// compiled code: `node job-process.mjs <variant> <concurrency> <items> <customers> <server url>`.
// Prints one JSON line: items per second.
import { LoyaltyClient } from 'loyalty-sdk';
import { deriveIdempotencyKey } from 'loyalty-sdk/bulk';
import { DEMO_API_KEY } from 'loyalty-sdk/server';
import pLimit from 'p-limit';
import { movements } from '../../fleet/plan.mjs';

const [variant = '', concurrencyArg, itemsArg, customersArg, baseUrl] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const items = Number(itemsArg);
const customers = Number(customersArg);
const jobId = `bench-${variant}-${concurrency}-${process.pid}`;

/** @param {LoyaltyClient} client @param {{ uid: string, puntos: number, id: string }} movement @param {import('loyalty-sdk').RequestOptions} options */
const accrue = (client, movement, options) =>
  client.clientes.puntos.add(movement.uid, { puntos: movement.puntos, motivo: movement.id }, options);

/** @type {Record<string, (client: LoyaltyClient) => Promise<number>>} */
const VARIANTS = {
  'client.bulk': async (client) => {
    const summary = await client.bulk(
      movements(items, customers),
      (movement, call) => accrue(client, movement, call),
      { jobId, itemKey: (movement) => movement.id, concurrency },
    );
    return summary.failed;
  },
  'p-limit loop': async (client) => {
    const limit = pLimit(concurrency);
    let failed = 0;
    const tasks = [];
    for (const movement of movements(items, customers)) {
      tasks.push(
        limit(async () => {
          const idempotencyKey = await deriveIdempotencyKey(jobId, movement.id);
          await accrue(client, movement, { idempotencyKey }).catch(() => {
            failed += 1;
          });
        }),
      );
    }
    await Promise.all(tasks);
    return failed;
  },
};

const run = VARIANTS[variant];
if (!run) throw new Error(`unknown variant "${variant}"; known: ${Object.keys(VARIANTS).join(', ')}`);
const client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, logLevel: 'off' });
await client.tareas.list();
const started = performance.now();
const failed = await run(client);
const seconds = (performance.now() - started) / 1_000;
if (failed > 0) throw new Error(`${variant}: ${failed} items failed`);
console.log(JSON.stringify({ itemsPerSecond: items / seconds }));
