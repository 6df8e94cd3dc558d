/** An SDK client over an in-process engine, through a dispatcher that records every request that reaches it. */
import { type ClientOptions, LoyaltyClient } from '../../src/index.js';
import {
  createReferenceEngine,
  DEMO_API_KEY,
  type Engine,
  EngineDispatcher,
  type EngineOptions,
  type EngineRequest,
  type EngineResponse,
  IN_PROCESS_BASE_URL,
} from '../../src/server/internal.js';
import { methodOf } from './sdk-call-cases.js';

export interface Exchange {
  request: EngineRequest;
  response: EngineResponse;
  /** Bytes of the request body as sent. */
  bodyBytes: number;
}

export interface RecordingClient {
  engine: Engine;
  client: LoyaltyClient;
  /** Every request that reached the engine, with its answer, in order. */
  sent: Exchange[];
  /** `client.clientes.puntos.add` for `'clientes.puntos.add'`, bound to its resource. */
  method(id: string): (...args: unknown[]) => PromiseLike<unknown>;
}

/** Limits out of the way: the fuzzer must meet validation, never a 429. */
export const NO_LIMITS = {
  rateLimit: { limit: Number.POSITIVE_INFINITY },
  groupActionsPerMinute: Number.POSITIVE_INFINITY,
} as const;

export function createRecordingClient(
  options: { engine?: EngineOptions; client?: Omit<ClientOptions, 'baseUrl' | 'dispatcher' | 'fetch'> } = {},
): RecordingClient {
  const engine = createReferenceEngine({ limits: NO_LIMITS, ...options.engine });
  const sent: Exchange[] = [];
  const dispatcher = new EngineDispatcher(async (request) => {
    const response = await engine.handle(request);
    const body = request.body;
    const bodyBytes =
      body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    sent.push({ request, response, bodyBytes });
    return response;
  });
  const client = new LoyaltyClient({
    apiKey: DEMO_API_KEY,
    maxRetries: 0,
    logLevel: 'off',
    ...options.client,
    baseUrl: IN_PROCESS_BASE_URL,
    dispatcher,
  });
  return {
    engine,
    client,
    sent,
    method(id) {
      const method = methodOf(client, id);
      if (!method) throw new Error(`client.${id} is not a method`);
      return method;
    },
  };
}
