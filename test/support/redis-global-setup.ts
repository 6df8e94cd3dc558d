/**
 * vitest global setup: one real redis-server for the whole run (test/support/redis-server.mjs),
 * its URL given to the tests as `inject('redisUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { startRedisServer } from './redis-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
