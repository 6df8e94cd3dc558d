import { LoyaltyClient } from '../../client/client.js';
import { type ClientOptions, environment } from '../../client/options.js';
import { DEMO_API_KEY } from '../engine/keys.js';
import type { ReferenceAdmin } from '../inspector/index.js';
import type { ReferenceServerOptions } from '../inspector/server-options.js';
import { createReferenceEngine } from '../inspector/with-admin-routes.js';
import { EngineDispatcher } from './engine-dispatcher.js';

/**
 * Options of `createTestClient`: those of `createReferenceServer`, except that the rate limit, the
 * group action limit and the record limits are off unless `limits` names them
 * (`limits: { rateLimit: { limit: 5 } }`, `limits: { groupActionsPerMinute: 1 }`,
 * `limits: { maxRecords: 100 }`). The other limits keep the server's defaults.
 */
export interface TestClientOptions extends ReferenceServerOptions {
  /** The key the client sends; default: the first of `keys`, or the demo key. */
  apiKey?: string;
  /**
   * Further client options (timeouts, retries, logger); `apiKey`, `baseUrl` and the transport are set here.
   * `logLevel` defaults to `LOYALTY_LOG`, else `'error'` (no line for the failures a test expects).
   */
  client?: Omit<ClientOptions, 'apiKey' | 'baseUrl' | 'dispatcher' | 'fetch'>;
}

export interface TestClient {
  client: LoyaltyClient;
  admin: ReferenceAdmin;
}

/** The base URL of the in-process client; no request leaves the process. */
export const IN_PROCESS_BASE_URL = 'http://loyalty.in-process';

type Limits = ReferenceServerOptions['limits'];

/**
 * A test meets only the limits it asks for: a loop of 101 calls must not fail on a rate limit
 * it never chose, nor a fixture of 20,000 customers on the record limits, which guard a server
 * other programs can reach. A limit is asked for by naming it; a `rateLimit` given in part keeps
 * the server's default for the rest.
 */
function askedLimits(limits: Limits): Limits {
  // Anything but an object goes through unchanged, for the engine's option check to name.
  if (limits !== undefined && (typeof limits !== 'object' || limits === null)) return limits;
  return {
    ...limits,
    rateLimit: limits?.rateLimit ?? { limit: Number.POSITIVE_INFINITY },
    groupActionsPerMinute: limits?.groupActionsPerMinute ?? Number.POSITIVE_INFINITY,
    maxRecords: limits?.maxRecords ?? Number.POSITIVE_INFINITY,
    maxRecordBytes: limits?.maxRecordBytes ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * A test expects its 404s and 422s: at the client's default (`warn`) each would print a line into
 * the test run. A level the test gives, or `LOYALTY_LOG` (to see the lines while debugging), wins.
 */
function testLogLevel(given: ClientOptions['logLevel']): ClientOptions['logLevel'] {
  return given ?? (environment().LOYALTY_LOG === undefined ? 'error' : undefined);
}

/**
 * A `LoyaltyClient` wired to a fresh reference engine through an undici Dispatcher: no port,
 * no MSW, no network. Each call gets its own engine, so tests do not share state.
 */
export async function createTestClient(options: TestClientOptions = {}): Promise<TestClient> {
  const { apiKey, client: clientOptions, ...engineOptions } = options;
  const engine = createReferenceEngine({ ...engineOptions, limits: askedLimits(engineOptions.limits) });
  const client = new LoyaltyClient({
    ...clientOptions,
    logLevel: testLogLevel(clientOptions?.logLevel),
    apiKey: apiKey ?? engineOptions.keys?.[0]?.key ?? DEMO_API_KEY,
    baseUrl: IN_PROCESS_BASE_URL,
    dispatcher: new EngineDispatcher((request) => engine.handle(request)),
  });
  return { client, admin: engine.admin };
}
