/**
 * `createRedisCheckpoint` against a real redis-server, with ioredis and with node-redis: what one
 * worker records, every worker of the job sees; another job sees nothing of it; and a job stopped
 * half-way and started again through it applies each movement exactly once.
 */
import { LoyaltyAbortError } from 'loyalty-sdk';
import { deriveIdempotencyKey } from 'loyalty-sdk/bulk';
import { describe, expect, it } from 'vitest';
import { createRedisCheckpoint } from '../../src/redis/index.js';
import { accrue, byId, expectAppliedOnce, openLedger, planMovements } from '../bulk/accrual-job.js';
import { CLIENT_KINDS, connect, unique } from './redis-clients.js';

const entry = async (jobId: string, itemKey: string) => ({
  itemKey,
  idempotencyKey: await deriveIdempotencyKey(jobId, itemKey),
});

describe.each(CLIENT_KINDS)('createRedisCheckpoint with %s', (kind) => {
  it('an item recorded by one worker is done for every worker of the job, and for no other job', async () => {
    const jobId = unique('job');
    const [first, second] = [
      createRedisCheckpoint({ redis: await connect(kind), jobId }),
      createRedisCheckpoint({ redis: await connect(kind), jobId }),
    ];
    expect(await second.isDone(await entry(jobId, 'order-1'))).toBe(false);
    await first.markDone(await entry(jobId, 'order-1'));
    expect(await second.isDone(await entry(jobId, 'order-1'))).toBe(true);
    expect(await second.isDone(await entry(jobId, 'order-2'))).toBe(false);
    const otherJob = unique('job');
    const other = createRedisCheckpoint({ redis: await connect(kind), jobId: otherJob });
    expect(await other.isDone(await entry(otherJob, 'order-1'))).toBe(false);
  });

  it('keeps its records for ttlSeconds after the last one, renewed on close', async () => {
    const redis = await connect(kind);
    const jobId = unique('job');
    const checkpoint = createRedisCheckpoint({ redis, jobId, ttlSeconds: 120 });
    await checkpoint.markDone(await entry(jobId, 'order-1'));
    await checkpoint.close();
    const key = `loyalty-sdk:checkpoint:${jobId}`;
    const ttl = Number(await ('call' in redis ? redis.call('TTL', key) : redis.sendCommand(['TTL', key])));
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  it('a job stopped half-way and started again applies each movement exactly once, skipping what it finished', async () => {
    const ledger = await openLedger(20);
    const movements = planMovements(400, ledger.uids, 21);
    const jobId = unique('accrual');
    const redis = await connect(kind);
    const checkpoint = () => createRedisCheckpoint({ redis, jobId });
    const stop = new AbortController();
    let done = 0;
    const first = ledger.client.bulk(movements, accrue(ledger.client), {
      jobId,
      ...byId,
      concurrency: 8,
      checkpoint: checkpoint(),
      signal: stop.signal,
      onItem: () => {
        done += 1;
        if (done === 150) stop.abort();
      },
    });
    await expect(first).rejects.toBeInstanceOf(LoyaltyAbortError);
    const second = await ledger.client.bulk(movements, accrue(ledger.client), {
      jobId,
      ...byId,
      concurrency: 8,
      checkpoint: checkpoint(),
    });
    expect(second.skipped).toBeGreaterThanOrEqual(150);
    expect(second.succeeded + second.skipped).toBe(movements.length);
    expect(second.failed).toBe(0);
    expectAppliedOnce(ledger, movements);
  });

  it('refuses options it does not know, naming the one meant, a missing jobId and a missing redis', async () => {
    const redis = await connect(kind);
    expect(() => createRedisCheckpoint({ redis, jobID: 'x' } as never)).toThrow(
      'Unknown createRedisCheckpoint option "jobID"; did you mean "jobId"?',
    );
    expect(() => createRedisCheckpoint({ redis } as never)).toThrow(
      "createRedisCheckpoint needs jobId: the job's id, a non-empty string",
    );
    expect(() => createRedisCheckpoint({ jobId: 'x' } as never)).toThrow(/createRedisCheckpoint needs redis/);
    expect(() => createRedisCheckpoint({ redis, jobId: 'x', ttlSeconds: 0 })).toThrow(
      'createRedisCheckpoint option ttlSeconds must be a positive integer, got 0',
    );
  });
});
