/**
 * Helpers of the end-to-end suite: a real `createReferenceServer` listening on 127.0.0.1 (port 0)
 * per file, driven only through `LoyaltyClient`. The admin helpers are used to arrange state
 * (groups) and to observe effects the API does not show (audit, notifications), never to call
 * an operation.
 */
export { rejectionOf, UUID_V4 } from './async.js';
export { recordingLogger } from './capturing-logger.js';

import { createHash } from 'node:crypto';
import { type ClientOptions, LoyaltyClient, type Scope } from 'loyalty-sdk';
import type {
  ApiKeyConfig,
  ReferenceAdmin,
  ReferenceServer,
  ReferenceServerOptions,
} from 'loyalty-sdk/server';
import { afterAll, beforeAll } from 'vitest';
import { createCheckedServer } from './openapi-check.js';

/** The key every e2e server accepts, with every scope. Long, so that no masked form equals it. */
export const ALL_KEY = 'e2e-all-scopes-key-3f9a1c7d5b2e4a6089d1';
/** Not the default app (1): a meta.appId of 7 can only come from this key's configuration. */
export const ALL_APP_ID = 7;

/** A key with two read scopes only. */
export const READER_KEY = 'e2e-reader-key-0c4b8e2a6d1f3579';
export const READER_APP_ID = 8;
export const READER_SCOPES: readonly Scope[] = ['clientes:read', 'puntos:read'];

export const BASE_KEYS: readonly ApiKeyConfig[] = [
  { key: ALL_KEY, appId: ALL_APP_ID, scopes: '*' },
  { key: READER_KEY, appId: READER_APP_ID, scopes: READER_SCOPES },
];

/** Limits no test meets unless its file sets its own. */
export const GENEROUS_LIMITS = {
  rateLimit: { limit: 100_000, windowMs: 1_000 },
  groupActionsPerMinute: 100_000,
} as const;

/** The server's request ids are random UUIDs. */
export const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id the audit names a key by (docs/reference-server.md): `key_` and 12 hex digits of its SHA-256. */
export function keyIdOf(key: string): string {
  return `key_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

export interface LiveServer {
  /** The base URL, set once the file's beforeAll ran. */
  readonly url: string;
  readonly admin: ReferenceAdmin;
  /** A client of this server with the default undici transport and ALL_KEY unless told otherwise. */
  client(options?: Omit<ClientOptions, 'baseUrl'>): LoyaltyClient;
}

/**
 * Starts a reference server for the file (beforeAll) and closes it (afterAll). The keys are
 * BASE_KEYS plus `options.keys`; the limits are generous unless `options.limits` says otherwise.
 */
export function useLiveServer(options: ReferenceServerOptions = {}): LiveServer {
  let server: ReferenceServer | undefined;
  let url = '';
  beforeAll(async () => {
    server = await createCheckedServer({
      seed: options.seed ?? 'demo',
      keys: [...BASE_KEYS, ...(options.keys ?? [])],
      limits: { ...GENEROUS_LIMITS, ...options.limits },
      ...(options.now ? { now: options.now } : {}),
    });
    url = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): ReferenceServer => {
    if (!server) throw new Error('the e2e server is not started yet (use it inside a test or hook)');
    return server;
  };
  return {
    get url() {
      return url;
    },
    get admin() {
      return started().admin;
    },
    client(clientOptions = {}) {
      started();
      return new LoyaltyClient({ apiKey: ALL_KEY, logLevel: 'off', ...clientOptions, baseUrl: url });
    },
  };
}
