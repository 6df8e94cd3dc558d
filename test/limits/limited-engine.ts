/**
 * Clients over one in-process reference engine that notes when each request reached it, on the
 * fake clock (NaN on the real one: a test that looks at times runs on the fake clock). Two keys, both with every scope: `A` and `B`. The
 * engine's own limits are off unless a test names them.
 */
import { type ClientOptions, type Limiter, LoyaltyClient } from '../../src/index.js';
import {
  createReferenceEngine,
  DEMO_API_KEY,
  EngineDispatcher,
  type EngineOptions,
  type EngineResponse,
  IN_PROCESS_BASE_URL,
} from '../../src/server/internal.js';
import { fakeElapsed } from '../support/fake-clock.js';

export const KEYS = { A: DEMO_API_KEY, B: 'lk_limiter_test_second_key' } as const;
export type KeyName = keyof typeof KEYS;

export interface Arrival {
  /** Milliseconds since the fake clock started. */
  at: number;
  key: KeyName;
  path: string;
  status: number;
}

const SERVICE_UNAVAILABLE: EngineResponse = {
  status: 503,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ codigoRespuesta: 9503, msj: 'Servicio no disponible' }),
};

function keyName(key: string | undefined): KeyName {
  return key === KEYS.A ? 'A' : 'B';
}

export function limitedEngine(limits: EngineOptions['limits'] = {}) {
  const engine = createReferenceEngine({
    keys: [
      { key: KEYS.A, scopes: '*' },
      { key: KEYS.B, scopes: '*' },
    ],
    limits: {
      rateLimit: { limit: Number.POSITIVE_INFINITY },
      groupActionsPerMinute: Number.POSITIVE_INFINITY,
      ...limits,
    },
  });
  const arrivals: Arrival[] = [];
  let failures = 0;
  const dispatcher = new EngineDispatcher(async (request) => {
    const at = fakeElapsed();
    const failing = failures > 0;
    if (failing) failures -= 1;
    const response = failing ? SERVICE_UNAVAILABLE : await engine.handle(request);
    arrivals.push({ at, key: keyName(request.headers.apikey), path: request.path, status: response.status });
    return response;
  });
  return {
    arrivals,
    /** The engine's admin: customers and groups for a test to act on. */
    admin: engine.admin,
    /** The next `count` requests are answered 503, whoever sends them. */
    failNext(count: number): void {
      failures = count;
    },
    /** How many requests reached the engine (of `key`, when given). */
    count(key?: KeyName): number {
      return arrivals.filter((arrival) => key === undefined || arrival.key === key).length;
    },
    client(key: KeyName, options: Omit<ClientOptions, 'apiKey' | 'baseUrl' | 'dispatcher' | 'fetch'> = {}) {
      return new LoyaltyClient({
        apiKey: KEYS[key],
        baseUrl: IN_PROCESS_BASE_URL,
        dispatcher,
        logLevel: 'off',
        ...options,
      });
    },
  };
}

/**
 * Waits until the limiter has loaded rate-limiter-flexible (a real import, which a fake clock
 * does not wait for): a pause of nothing, on a key no test uses.
 */
export async function loaded(limiter: Limiter): Promise<Limiter> {
  await limiter.forKey('warm-up').pause('request', 0);
  return limiter;
}
