/**
 * Both Redis clients the SDK takes, connected to the run's real redis-server
 * (test/support/redis-global-setup.ts): each suite runs once with ioredis and once with node-redis.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, inject } from 'vitest';
import type { RedisClient } from '../../src/redis/index.js';

export type ClientKind = 'ioredis' | 'node-redis';
export const CLIENT_KINDS: readonly ClientKind[] = ['ioredis', 'node-redis'];

/** A new connection of `kind`, closed after the file's tests. */
export async function connect(kind: ClientKind): Promise<RedisClient & { quit(): Promise<unknown> }> {
  const url = inject('redisUrl');
  if (kind === 'ioredis') {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    afterAll(() => client.quit());
    return client;
  }
  const client = createClient({ url });
  await client.connect();
  afterAll(() => client.quit());
  return client;
}

/** The keys of Redis matching `pattern`, through a plain command any client takes. */
export async function keysMatching(kind: ClientKind, pattern: string): Promise<string[]> {
  const client = await connect(kind);
  const send = 'call' in client ? client.call('KEYS', pattern) : client.sendCommand(['KEYS', pattern]);
  return (await send) as string[];
}

/**
 * Resolves once Redis has answered every command sent before on `client`'s connection (it answers
 * a connection's commands in order): what a limiter asked of it is decided.
 */
export async function answeredSoFar(client: RedisClient): Promise<void> {
  await ('call' in client ? client.call('PING') : client.sendCommand(['PING']));
}

/** Deletes the buckets of `apiKey` left by earlier tests of the run: its tests start from full buckets. */
export async function forgetBuckets(kind: ClientKind, keyId: string): Promise<void> {
  const client = await connect(kind);
  for (const key of await keysMatching(kind, `loyalty-sdk:*${keyId}*`)) {
    await ('call' in client ? client.call('DEL', key) : client.sendCommand(['DEL', key]));
  }
}

let counter = 0;
/** A name no other test of the run uses: tests share one Redis. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${randomUUID().slice(0, 8)}-${counter}`;
}
