/**
 * What the runtime matrix checks on every runtime, written once: the runners (node-main.mjs on
 * Node, Bun and Deno; worker.mjs on workerd) hand it the modules of the packed package as that
 * runtime loaded them. Only types come from the sources: esbuild bundles this file beside the
 * installed tarball, never the sources.
 */

import type * as BulkEntry from '../../src/bulk/entry.js';
import type * as Sdk from '../../src/index.js';
import type * as ServerEntry from '../../src/server/index.js';
import { methodOf } from '../support/method-of.js';
import { VALID_ARGS } from '../support/valid-args.js';

/** The three reference servers a runtime's run talks to, each in its own fresh state. */
export interface ScenarioConfig {
  apiKey: string;
  urls: {
    /** Answers normally. */
    main: string;
    /** Answers its first request with a 429 and `Retry-After: 1`. */
    storm: string;
    /** Answers every request after several seconds. */
    slow: string;
    /** Answers every request with a 307 to `elsewhere`. */
    redirect: string;
    /** The other origin the redirects point to; the runner checks that nothing reached it. */
    elsewhere: string;
  };
  /** Where a file checkpoint may be written; absent where files do not outlive a request. */
  checkpointPath?: string;
  /**
   * Whether the runner set this runtime up with Node's APIs: true on Node, Bun, Deno and workerd
   * with nodejs_compat, false on workerd without it.
   */
  nodeApis: boolean;
}

export type CaseName =
  | 'nodeApis'
  | 'operations'
  | 'retryAfter'
  | 'timeout'
  | 'abort'
  | 'validation'
  | 'notFound'
  | 'limiter'
  | 'bulk'
  | 'testClient'
  | 'msw'
  | 'redirect';

export interface CaseResult {
  name: CaseName;
  /** `undefined`: the runtime does not offer what the case needs (`detail` says why). */
  ok: boolean | undefined;
  detail: string;
}

/** The MSW pieces a runtime with `msw/node` hands over. */
export interface MswModules {
  setupServer: (...handlers: never[]) => { listen(options?: object): void; close(): void };
  createLoyaltyHandlers: (options: { baseUrl: string }) => { handlers: unknown[] };
}

export interface ScenarioModules {
  sdk: typeof Sdk;
  /** `loyalty-sdk/bulk`: its file checkpoint works where files last, and says what to use elsewhere. */
  bulk: typeof BulkEntry;
  /** `loyalty-sdk/server`, or why this runtime cannot load it. */
  server: typeof ServerEntry | string;
  /** `loyalty-sdk/msw` with `msw/node`, or why this runtime cannot load them. */
  msw: MswModules | string;
}

/** The slow server's delay is far above both so that neither case can pass by luck. */
export const TIMEOUT_MS = 300;
export const ABORT_AFTER_MS = 100;

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The runtime is what its row says: Node's APIs (`process.getBuiltinModule`) where the runner set
 * them up, none on workerd without nodejs_compat (whose newest compatibility dates turn it on by default).
 */
function nodeApis(config: ScenarioConfig): CaseResult {
  const seen = typeof (globalThis as { process?: { getBuiltinModule?: unknown } }).process?.getBuiltinModule;
  return {
    name: 'nodeApis',
    ok: (seen === 'function') === config.nodeApis,
    detail: `typeof process.getBuiltinModule: ${seen} (expected ${config.nodeApis ? 'function' : 'undefined'})`,
  };
}

async function allOperations(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  const client = new sdk.LoyaltyClient({ apiKey: config.apiKey, baseUrl: config.urls.main, maxRetries: 0 });
  const failures: string[] = [];
  const ids = Object.keys(VALID_ARGS) as (keyof typeof VALID_ARGS)[];
  for (const id of ids) {
    const method = methodOf(client, id);
    try {
      if (!method) throw new Error('no such method');
      const { status } = await method(...VALID_ARGS[id]).withResponse();
      if (status !== 200) throw new Error(`status ${status}`);
    } catch (error) {
      failures.push(`${id}: ${describeError(error)}`);
    }
  }
  const passed = ids.length - failures.length;
  return {
    name: 'operations',
    ok: ids.length === 18 && failures.length === 0,
    detail: `${passed}/${ids.length} operations answered 200${failures.length ? `; ${failures.join('; ')}` : ''}`,
  };
}

async function retryAfter(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  const client = new sdk.LoyaltyClient({ apiKey: config.apiKey, baseUrl: config.urls.storm, maxRetries: 2 });
  const started = Date.now();
  try {
    const customer = await client.clientes.retrieve('cli_0001');
    const waited = Date.now() - started;
    // The storm's Retry-After is 1 s: a retry sooner would not have honoured it.
    return {
      name: 'retryAfter',
      ok: customer.uid === 'cli_0001' && waited >= 950,
      detail: `a 429 with Retry-After: 1, retried: answered after ${waited} ms`,
    };
  } catch (error) {
    return { name: 'retryAfter', ok: false, detail: describeError(error) };
  }
}

async function timeout(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  const client = new sdk.LoyaltyClient({
    apiKey: config.apiKey,
    baseUrl: config.urls.slow,
    maxRetries: 0,
    timeoutMs: TIMEOUT_MS,
  });
  try {
    await client.reportes.catalogo.retrieve();
    return { name: 'timeout', ok: false, detail: 'answered: the slow server was not slow' };
  } catch (error) {
    return {
      name: 'timeout',
      ok: error instanceof sdk.LoyaltyTimeoutError,
      detail: `timeoutMs ${TIMEOUT_MS}: ${describeError(error)}`,
    };
  }
}

async function abort(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  const client = new sdk.LoyaltyClient({ apiKey: config.apiKey, baseUrl: config.urls.slow, maxRetries: 0 });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_AFTER_MS);
  try {
    await client.reportes.catalogo.retrieve({ signal: controller.signal });
    return { name: 'abort', ok: false, detail: 'answered: the abort did not stop the call' };
  } catch (error) {
    return {
      name: 'abort',
      ok: error instanceof sdk.LoyaltyAbortError,
      detail: `aborted after ${ABORT_AFTER_MS} ms: ${describeError(error)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

async function validation(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  const client = new sdk.LoyaltyClient({ apiKey: config.apiKey, baseUrl: config.urls.main, maxRetries: 0 });
  try {
    await client.clientes.puntos.add('cli_0001', { puntos: 'many' as unknown as number });
    return { name: 'validation', ok: false, detail: 'sent: the input was not checked' };
  } catch (error) {
    const ok =
      error instanceof sdk.LoyaltyValidationError &&
      error.issues.some((issue) => issue.path.includes('puntos'));
    return { name: 'validation', ok, detail: describeError(error) };
  }
}

async function notFound(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  const client = new sdk.LoyaltyClient({ apiKey: config.apiKey, baseUrl: config.urls.main, maxRetries: 0 });
  try {
    await client.clientes.retrieve('cli_9999');
    return { name: 'notFound', ok: false, detail: 'answered: cli_9999 exists' };
  } catch (error) {
    return {
      name: 'notFound',
      ok: error instanceof sdk.NotFoundError && error.status === 404,
      detail: describeError(error),
    };
  }
}

async function limiter(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  try {
    // Made inside the try: a limiter that cannot be made here is this case's failure, not the run's.
    const client = new sdk.LoyaltyClient({
      apiKey: config.apiKey,
      baseUrl: config.urls.main,
      maxRetries: 0,
      limiter: sdk.createMemoryLimiter({ requestsPerSecond: 50, groupActionsPerMinute: 1 }),
    });
    const levels = await client.configuracion.niveles.list();
    return {
      name: 'limiter',
      ok: Array.isArray(levels),
      detail: 'createMemoryLimiter: a call took its token',
    };
  } catch (error) {
    return { name: 'limiter', ok: false, detail: describeError(error) };
  }
}

/** A job of three movements with a file checkpoint, run twice: the second run skips all three. */
async function bulk(sdk: typeof Sdk, entry: typeof BulkEntry, config: ScenarioConfig): Promise<CaseResult> {
  const client = new sdk.LoyaltyClient({ apiKey: config.apiKey, baseUrl: config.urls.main, maxRetries: 0 });
  const items = ['m1', 'm2', 'm3'];
  if (config.checkpointPath === undefined) {
    try {
      entry.createFileCheckpoint('job.ckpt');
      return { name: 'bulk', ok: false, detail: 'a file checkpoint was made where files do not last' };
    } catch (error) {
      return {
        name: 'bulk',
        ok: error instanceof Error && error.message.includes('a Checkpoint of your own'),
        detail: `createFileCheckpoint refused: ${describeError(error)}`,
      };
    }
  }
  const path = config.checkpointPath;
  const job = () =>
    client.bulk(
      items,
      (id, call) => client.clientes.puntos.add('cli_0002', { puntos: 1, motivo: id }, call),
      {
        jobId: 'runtime-matrix',
        itemKey: (id) => id,
        checkpoint: entry.createFileCheckpoint(path, { fsyncEvery: 1 }),
      },
    );
  try {
    const first = await job();
    const again = await job();
    return {
      name: 'bulk',
      ok: first.succeeded === 3 && again.skipped === 3 && again.succeeded === 0,
      detail: `client.bulk with createFileCheckpoint: ${first.succeeded} sent, then ${again.skipped} skipped`,
    };
  } catch (error) {
    return { name: 'bulk', ok: false, detail: describeError(error) };
  }
}

async function testClient(server: ScenarioModules['server']): Promise<CaseResult> {
  if (typeof server === 'string') return { name: 'testClient', ok: undefined, detail: server };
  try {
    const { client, admin } = await server.createTestClient();
    await client.clientes.puntos.add('cli_0001', { puntos: 7, motivo: 'matriz' });
    const balance = admin.customer('cli_0001')?.puntos;
    const customer = await client.clientes.retrieve('cli_0001');
    return {
      name: 'testClient',
      ok: customer.puntos === balance && balance !== undefined,
      detail: `createTestClient: a write and a read in process, balance ${balance}`,
    };
  } catch (error) {
    return { name: 'testClient', ok: false, detail: describeError(error) };
  }
}

async function msw(sdk: typeof Sdk, modules: ScenarioModules['msw'], apiKey: string): Promise<CaseResult> {
  if (typeof modules === 'string') return { name: 'msw', ok: undefined, detail: modules };
  const baseUrl = 'https://loyalty.msw.example';
  const { handlers } = modules.createLoyaltyHandlers({ baseUrl });
  const mocked = modules.setupServer(...(handlers as never[]));
  mocked.listen({ onUnhandledRequest: 'error' });
  try {
    const client = new sdk.LoyaltyClient({ apiKey, baseUrl, fetch: globalThis.fetch, maxRetries: 0 });
    const customer = await client.clientes.retrieve('cli_0001');
    return {
      name: 'msw',
      ok: customer.uid === 'cli_0001',
      detail: 'MSW handlers answered clientes.retrieve',
    };
  } catch (error) {
    return { name: 'msw', ok: false, detail: describeError(error) };
  } finally {
    mocked.close();
  }
}

/**
 * A service that redirects a keyed write to another origin: the SDK does not follow it, on its
 * default transport or on the runtime's `fetch` given as the fetch option. It rejects with a
 * RedirectError: status 307 and the target without its query, or, in a browser, whose `fetch`
 * hides a redirect it was told not to follow, status 0 and no location. The runner checks that
 * the other origin received nothing.
 */
export async function redirect(sdk: typeof Sdk, config: ScenarioConfig): Promise<CaseResult> {
  const target = `${config.urls.elsewhere}/ext/v3/clientes/cli_0001/puntos`;
  const runtimeFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
  const transports = [
    ['default transport', {}],
    ['fetch option', { fetch: runtimeFetch }],
  ] as const;
  const seen: string[] = [];
  let ok = true;
  for (const [transport, options] of transports) {
    try {
      const client = new sdk.LoyaltyClient({
        apiKey: config.apiKey,
        baseUrl: config.urls.redirect,
        maxRetries: 2,
        ...options,
      });
      await client.clientes.puntos.add('cli_0001', { puntos: 1, motivo: 'matriz' });
      ok = false;
      seen.push(`${transport}: resolved, so the redirect was followed`);
    } catch (error) {
      const named =
        error instanceof sdk.RedirectError &&
        ((error.status === 307 && error.location === target) ||
          (error.status === 0 && error.location === undefined));
      ok &&= named;
      seen.push(
        named
          ? `${transport}: RedirectError, status ${error.status}, location ${error.location ?? 'hidden by the runtime'}`
          : `${transport}: ${describeError(error)}`,
      );
    }
  }
  return { name: 'redirect', ok, detail: `a 307 to another origin, not followed: ${seen.join('; ')}` };
}

/** Runs every case, one after another (the timing cases must not share the machine with each other). */
export async function runScenario(modules: ScenarioModules, config: ScenarioConfig): Promise<CaseResult[]> {
  const { sdk } = modules;
  return [
    nodeApis(config),
    await allOperations(sdk, config),
    await retryAfter(sdk, config),
    await timeout(sdk, config),
    await abort(sdk, config),
    await validation(sdk, config),
    await notFound(sdk, config),
    await limiter(sdk, config),
    await bulk(sdk, modules.bulk, config),
    await testClient(modules.server),
    await msw(sdk, modules.msw, config.apiKey),
    await redirect(sdk, config),
  ];
}
