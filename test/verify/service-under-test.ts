/**
 * A service for verify's tests: a reference engine behind an undici Dispatcher (no socket), each
 * request it receives recorded with the time it arrived, and an optional layer that answers in
 * its place (a bad target).
 */
import {
  createReferenceEngine,
  EngineDispatcher,
  type EngineOptions,
  type EngineRequest,
  type EngineResponse,
} from '../../src/server/internal.js';

export const SERVICE_KEY = 'lk_verify_test_service_key_0123456789';
export const BASE_URL = 'https://loyalty.verify.test';

export interface Received {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | undefined>;
  body: string | undefined;
  /** When it arrived, by the service's clock; NaN without one: nothing to time by. */
  at: number;
}

export interface ServiceUnderTest {
  dispatcher: EngineDispatcher;
  received: Received[];
  engine: ReturnType<typeof createReferenceEngine>;
}

/**
 * Answers in the engine's place when it returns an answer (it may ask the engine first:
 * `answer()`); undefined lets the engine answer.
 */
export type Override = (
  request: EngineRequest,
  received: number,
  answer: () => Promise<EngineResponse>,
) => EngineResponse | Promise<EngineResponse> | undefined;

/**
 * `clock`: the time the service lives in (its engine's rate-limit windows, `at`); a virtual clock
 * shared with the run puts both in the same time.
 */
export function serviceUnderTest(
  options: { engine?: EngineOptions; override?: Override; clock?: { now(): number } } = {},
): ServiceUnderTest {
  const now = options.clock?.now ?? (() => Number.NaN);
  const engine = createReferenceEngine({
    keys: [{ key: SERVICE_KEY, scopes: '*' }],
    limits: {
      rateLimit: { limit: Number.POSITIVE_INFINITY },
      groupActionsPerMinute: Number.POSITIVE_INFINITY,
    },
    ...(options.clock ? { now: options.clock.now } : {}),
    ...options.engine,
  });
  const received: Received[] = [];
  const dispatcher = new EngineDispatcher(async (request) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body).toString('utf8');
    received.push({
      method: request.method,
      path: request.path,
      query: request.query,
      headers: request.headers,
      body,
      at: now(),
    });
    return (
      (await options.override?.(request, received.length, () => engine.handle(request))) ??
      engine.handle(request)
    );
  });
  return { dispatcher, received, engine };
}

/** Samples that exist in the demo seed, and a group made of two of its customers. */
export function demoSamples(service: ServiceUnderTest): { uid: string[]; grupoId: number[] } {
  const grupoId = service.engine.admin.createGroup({ uids: ['cli_0001', 'cli_0002'] });
  return { uid: ['cli_0001'], grupoId: [grupoId] };
}
