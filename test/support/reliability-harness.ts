/**
 * Helpers of the reliability suite: a real node:http reference server that records what reaches
 * it, a bounded worker pool, and the three transports (HTTP, in-process Dispatcher, MSW).
 */
export { rejectionOf } from './async.js';

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ClientOptions, LoyaltyClient } from 'loyalty-sdk';
import { createLoyaltyHandlers } from 'loyalty-sdk/msw';
import type { SetupServer } from 'msw/node';
import { Agent } from 'undici';
import {
  createNodeListener,
  createReferenceEngine,
  createTestClient,
  DEMO_API_KEY,
  type Engine,
  type ReferenceAdmin,
  type ReferenceServerOptions,
} from '../../src/server/internal.js';

/** Limits out of the way: the suite meets only the faults it injects. */
export const NO_LIMITS = {
  rateLimit: { limit: Number.POSITIVE_INFINITY, windowMs: 1_000 },
  groupActionsPerMinute: Number.POSITIVE_INFINITY,
} as const;

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingServer {
  url: string;
  engine: Engine;
  admin: ReferenceAdmin;
  /** Every request that reached the socket layer, in arrival order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** `createReferenceServer` is exactly this (node:http over the engine); here each request is also recorded. */
export async function startRecordingServer(options: ReferenceServerOptions): Promise<RecordingServer> {
  const engine = createReferenceEngine({ ...options, limits: { ...NO_LIMITS, ...options.limits } });
  const listener = createNodeListener(engine);
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    engine,
    admin: engine.admin,
    seen,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The path of `seenBeforeProbe`'s request: the engine answers it 404 and nothing else sends it. */
const PROBE_PATH = '/__probe';

/**
 * The requests `server` saw before a probe sent now, instead of a sleep: a request already on its
 * way (a retry that should not have gone out once the fake clock passed its wait) arrives first.
 */
export async function seenBeforeProbe(server: RecordingServer): Promise<SeenRequest[]> {
  const probe = await fetch(`${server.url}${PROBE_PATH}`);
  await probe.arrayBuffer();
  return server.seen.slice(
    0,
    server.seen.findIndex((request) => request.url === PROBE_PATH),
  );
}

/** Runs `work` over `items` with at most `concurrency` at a time; resolves when all settled. */
export async function pool<Item>(
  items: readonly Item[],
  concurrency: number,
  work: (item: Item, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as Item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export type TransportName = 'http' | 'in-process' | 'msw';

export interface Connected {
  client: LoyaltyClient;
  admin: ReferenceAdmin;
  close(): Promise<void>;
}

type ClientSettings = Omit<ClientOptions, 'apiKey' | 'baseUrl' | 'dispatcher' | 'fetch'>;

const MSW_BASE_URL = 'https://loyalty.reliability.test';

/**
 * A client and a fresh engine with `options`, over one transport: a real HTTP server on
 * 127.0.0.1, the in-process undici Dispatcher (`createTestClient`), or MSW handlers on
 * `msw`'s server (added with `use`, removed on close).
 */
export async function connect(
  transport: TransportName,
  options: ReferenceServerOptions,
  client: ClientSettings,
  msw?: SetupServer,
): Promise<Connected> {
  const engineOptions = { ...options, limits: { ...NO_LIMITS, ...options.limits } };
  const settings = { logLevel: 'off' as const, ...client };
  if (transport === 'in-process') {
    const made = await createTestClient({ ...engineOptions, client: settings });
    return { ...made, close: async () => {} };
  }
  if (transport === 'msw') {
    if (!msw) throw new Error('connect("msw") needs the file\'s MSW server');
    const { handlers, admin } = createLoyaltyHandlers({ ...engineOptions, baseUrl: MSW_BASE_URL });
    msw.use(...handlers);
    const made = new LoyaltyClient({
      ...settings,
      apiKey: DEMO_API_KEY,
      baseUrl: MSW_BASE_URL,
      fetch: globalThis.fetch,
    });
    return { client: made, admin, close: async () => msw.resetHandlers() };
  }
  const server = await startRecordingServer(engineOptions);
  const agent = new Agent();
  const made = new LoyaltyClient({
    ...settings,
    apiKey: DEMO_API_KEY,
    baseUrl: server.url,
    dispatcher: agent,
  });
  return {
    client: made,
    admin: server.admin,
    close: async () => {
      await agent.destroy();
      await server.close();
    },
  };
}
