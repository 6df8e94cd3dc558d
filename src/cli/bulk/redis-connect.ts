import type { RedisClient } from '../../redis/index.js';
import { UnreachableError } from '../shared/unreachable-error.js';
import { UsageError } from '../shared/usage-error.js';

/** Long enough for a Redis across a network; short enough that one that does not answer stops the job at once. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Once connected, a Redis that goes away mid-job is reconnected to, waiting up to this between tries. */
const MAX_RECONNECT_DELAY_MS = 2_000;

export interface RedisConnection {
  client: RedisClient;
  /** Lets go of the connection, whatever state it is in. */
  quit(): Promise<void>;
}

type Quittable = RedisClient & {
  quit(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

interface IoRedisModule {
  Redis: new (
    url: string,
    options: {
      lazyConnect: boolean;
      connectTimeout: number;
      enableOfflineQueue: boolean;
      maxRetriesPerRequest: number;
      retryStrategy: (times: number) => number | null;
    },
  ) => Quittable & { connect(): Promise<void>; disconnect(): void };
}

interface NodeRedisModule {
  createClient(options: {
    url: string;
    disableOfflineQueue: boolean;
    socket: { connectTimeout: number; reconnectStrategy: (retries: number) => number | false };
  }): Quittable & { connect(): Promise<unknown>; destroy(): void };
}

/** The URL as messages show it: without its password. */
function shownUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {}
  if (parsed?.protocol !== 'redis:' && parsed?.protocol !== 'rediss:')
    throw new UsageError('--redis takes a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379');
  parsed.password = '';
  return parsed.href;
}

/** A connection that failed: no answer (exit 7) when the network said so, else what Redis said. */
function connectFailure(shown: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code) return new UnreachableError(`Redis at ${shown} is unreachable (${code})`);
  return new Error(`Redis at ${shown} refused the connection: ${(error as Error).message}`);
}

/** The package, or undefined when the project does not have it. */
async function optional<T>(load: () => Promise<unknown>): Promise<T | undefined> {
  try {
    return (await load()) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * Connects `client`, a failure becoming its one-line error; `state.connected` tells its reconnect
 * strategy that the first connection was made. ioredis rejects `connect()` with "Connection is
 * closed."; the cause came as an error event, kept here.
 */
async function connectOnce(
  shown: string,
  client: Quittable & { connect(): Promise<unknown> },
  drop: () => void,
  state: { connected: boolean },
): Promise<RedisConnection> {
  let lastError: Error | undefined;
  client.on('error', (error) => {
    lastError = error;
  });
  try {
    await client.connect();
  } catch (error) {
    // With no retry the client has ended: dropping it now would only hold the process for seconds.
    throw connectFailure(shown, lastError ?? error);
  }
  state.connected = true;
  return { client, quit: () => client.quit().then(() => undefined, drop) };
}

/**
 * A connection to the Redis at `url` through whichever client package the project has, ioredis
 * else node-redis: connected before the job starts, with no retry until then, so that a Redis
 * that is not there fails the command at once. A client without an error listener would print
 * each failed try as an unhandled error; the commands' own errors say what failed.
 */
export async function connectRedis(url: string): Promise<RedisConnection> {
  const shown = shownUrl(url);
  const state = { connected: false };
  const reconnectDelay = (tries: number) => Math.min(tries * 100, MAX_RECONNECT_DELAY_MS);
  const ioredis = await optional<IoRedisModule>(() => import('ioredis'));
  if (ioredis) {
    const client = new ioredis.Redis(url, {
      lazyConnect: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (tries) => (state.connected ? reconnectDelay(tries) : null),
    });
    return connectOnce(shown, client, () => client.disconnect(), state);
  }
  const nodeRedis = await optional<NodeRedisModule>(() => import('redis'));
  if (!nodeRedis)
    throw new UsageError('--redis needs a Redis client package: npm install ioredis (or redis)');
  const client = nodeRedis.createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (tries) => (state.connected ? reconnectDelay(tries) : false),
    },
  });
  return connectOnce(shown, client, () => client.destroy(), state);
}
