/**
 * The divergent twin: the reference engine behind a layer that changes its answers and its
 * OpenAPI document as the plants say (planted.ts), so that verify meets a real service that
 * differs from ours, in known ways. In process through `dispatcher`, or over HTTP with `listen`.
 */
import type { Scope } from '../../src/operations/scopes.js';
import { tableOperation } from '../../src/operations/table.js';
import { matchRoute } from '../../src/server/engine/router.js';
import {
  createReferenceEngine,
  EngineDispatcher,
  type EngineRequest,
  type EngineResponse,
  type ReferenceAdmin,
  type ReferenceServerOptions,
  serveEngine,
} from '../../src/server/internal.js';
import { ALL_PLANTS, type Exchange, type OpenApiDocument, type Plant, rewriteEnvelope } from './planted.js';

/** The twin's key: every scope. Not a demo key, so a report that printed it would show. */
export const TWIN_API_KEY = 'twin_key_9f3c2a7e51d04b8c';

/** What a run against the twin may read: ids of records the twin holds. */
export interface TwinSamples {
  uid: string[];
  grupoId: number[];
  regaloId: number[];
  tareaId: number[];
}

export interface DivergentTwin {
  handle(request: EngineRequest): Promise<EngineResponse>;
  /** The twin without a port: give it to verifyService (or a client) as `dispatcher`. */
  dispatcher: EngineDispatcher;
  admin: ReferenceAdmin;
  apiKey: string;
  samples: TwinSamples;
  plants: readonly Plant[];
  /** Serves the twin on 127.0.0.1, a free port; resolves to its base URL and how to stop it. */
  listen(): Promise<{ baseUrl: string; close(): Promise<void> }>;
}

function exchangeOf(request: EngineRequest, kept: Map<string, unknown>, at: number): Exchange {
  const route = matchRoute(request.method.toUpperCase(), request.path);
  return { request, operation: route.kind === 'operation' ? route.operation : undefined, kept, at };
}

function rewriteDocument(response: EngineResponse, plants: readonly Plant[]): EngineResponse {
  return rewriteEnvelope(response, (envelope) => {
    for (const plant of plants) plant.apply.document?.(envelope.data as OpenApiDocument);
  });
}

/**
 * `options`: the engine's, but for its keys (limits, to see a 429 soon; `now`, the clock of the
 * engine and of the plants' own limit), and the scopes of the twin's key (every scope by default;
 * fewer, for a plant that a key without a scope meets).
 */
export function createDivergentTwin(
  plants: readonly Plant[] = ALL_PLANTS,
  { scopes = '*', ...options }: Omit<ReferenceServerOptions, 'keys'> & { scopes?: '*' | Scope[] } = {},
): DivergentTwin {
  const engine = createReferenceEngine({ ...options, keys: [{ key: TWIN_API_KEY, scopes }] });
  const { admin } = engine;
  const uid = admin.createCustomer({ uid: 'twin_sample_0001', nombre: 'Muestra', puntos: 1_500 });
  const samples: TwinSamples = {
    uid: [uid],
    grupoId: [admin.createGroup({ uids: [uid], nombre: 'Muestra' })],
    regaloId: [...engine.state.data.store.promotions.keys()].slice(0, 1),
    tareaId: [admin.createTask({ nombre: 'Muestra' })],
  };
  const openapi = tableOperation('openapi.retrieve');
  const kept = new Map<string, unknown>();
  const now = options.now ?? Date.now;

  async function handle(request: EngineRequest): Promise<EngineResponse> {
    const exchange = exchangeOf(request, kept, now());
    let current = request;
    for (const plant of plants) current = plant.apply.request?.(exchange, current) ?? current;
    let response = await engine.handle(current);
    if (exchange.operation === openapi && response.status === 200)
      response = rewriteDocument(response, plants);
    for (const plant of plants) response = plant.apply.response?.(response, exchange) ?? response;
    return response;
  }

  return {
    handle,
    dispatcher: new EngineDispatcher(handle),
    admin,
    apiKey: TWIN_API_KEY,
    samples,
    plants,
    async listen() {
      const server = serveEngine({ ...engine, respond: handle, handle });
      const baseUrl = await server.listen({ port: 0 });
      return { baseUrl, close: () => server.close() };
    },
  };
}
