// One worker of the fleet test: the built package, as an integrator's process runs it. Its
// settings come in FLEET_WORKER (JSON); it prints JSON lines: progress as it goes, then the summary.

import { Redis } from 'ioredis';
import { LoyaltyClient } from 'loyalty-sdk';
import { createRedisCheckpoint, createRedisLimiter } from 'loyalty-sdk/redis';
import { movements } from './plan.mjs';

/**
 * @type {{ baseUrl: string, apiKey: string, redisUrl: string, jobId: string, index: number,
 *   count: number, customers: number, movements: number, sharedLimiter: boolean,
 *   requestsPerSecond: number, concurrency: number, maxRetries: number, timeoutMs: number }}
 */
const settings = JSON.parse(process.env.FLEET_WORKER ?? '{}');
const print = (/** @type {object} */ line) => process.stdout.write(`${JSON.stringify(line)}\n`);

const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 3 });
const client = new LoyaltyClient({
  apiKey: settings.apiKey,
  baseUrl: settings.baseUrl,
  maxRetries: settings.maxRetries,
  // Short backoffs: a straggler in a long backoff would hold the job's end back while tokens go unused.
  retryBaseDelayMs: 100,
  retryMaxDelayMs: 1_000,
  timeoutMs: settings.timeoutMs,
  logLevel: 'off',
  ...(settings.sharedLimiter
    ? {
        limiter: createRedisLimiter({
          redis,
          requestsPerSecond: settings.requestsPerSecond,
          groupActionsPerMinute: 10,
          spread: true,
        }),
      }
    : {}),
});

let done = 0;
const summary = await client.bulk(
  movements(settings.movements, settings.customers),
  (movement, call) =>
    client.clientes.puntos.add(movement.uid, { puntos: movement.puntos, motivo: movement.id }, call),
  {
    jobId: settings.jobId,
    itemKey: (movement) => movement.id,
    concurrency: settings.concurrency,
    shard: { index: settings.index, count: settings.count },
    checkpoint: createRedisCheckpoint({ redis, jobId: settings.jobId }),
    onItem: () => {
      done += 1;
      if (done % 25 === 0) print({ type: 'progress', done });
    },
  },
);
print({
  type: 'summary',
  total: summary.total,
  succeeded: summary.succeeded,
  skipped: summary.skipped,
  failed: summary.failed,
  failures: summary.failures.slice(0, 3).map(({ itemKey, error }) => ({ itemKey, error: String(error) })),
});
await redis.quit();
