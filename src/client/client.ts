import { SHARED_AGENT_LOADS, undiciTransport } from '#undici-loader';
import type { BulkOptions, BulkRun, BulkSummary } from '../bulk/index.js';
import { nearestName } from '../core/index.js';
import { getRow, type OperationId, operationIds } from '../operations/rows.js';
import { onNode } from '../runtime.js';
import { createCallObserver } from '../telemetry/index.js';
import { APIPromise } from './api-promise.js';
import { execute, executeHelp } from './call.js';
import { type CallContext, createCallContext } from './call-context.js';
import { LoyaltyError } from './errors.js';
import { fetchTransport } from './fetch-transport.js';
import { executeWithBudget } from './group-budget.js';
import { levelled } from './logger.js';
import {
  type ClientOptions,
  type RequestOptions,
  type ResolvedClientOptions,
  resolveClientOptions,
} from './options.js';
import {
  ClientesResource,
  ConfiguracionResource,
  GruposResource,
  OpenapiResource,
  PromocionesResource,
  ReportesResource,
  type SendOperation,
  TareasResource,
} from './resources.js';
import type { Transport } from './transport.js';
import { changesTransport, settingsOf, withChanges } from './with-options.js';

const inspect = Symbol.for('nodejs.util.inspect.custom');

/**
 * The given fetch; else undici on Node or when given a dispatcher; else the runtime's own fetch.
 * A bundle made for Workers or a page has no undici, even when run on Node: there it is fetch
 * too, and a dispatcher is refused (`#undici-loader`).
 */
function defaultTransport(resolved: Pick<ResolvedClientOptions, 'fetch' | 'dispatcher'>): Transport {
  if (resolved.fetch) return fetchTransport(resolved.fetch);
  if (resolved.dispatcher || (onNode() && SHARED_AGENT_LOADS)) return undiciTransport(resolved.dispatcher);
  return fetchTransport(globalThis.fetch);
}

/** The client of the Loyalty Program External API v3. */
export class LoyaltyClient {
  readonly tareas: TareasResource;
  readonly clientes: ClientesResource;
  readonly configuracion: ConfiguracionResource;
  readonly grupos: GruposResource;
  readonly promociones: PromocionesResource;
  readonly reportes: ReportesResource;
  readonly openapi: OpenapiResource;
  readonly #context: CallContext;
  /** What `withOptions` starts from; holds the key, so it is never shown. */
  readonly #settings: ClientOptions;

  constructor(options: ClientOptions = {}) {
    const resolved = resolveClientOptions(options);
    this.#settings = settingsOf(options, resolved);
    this.#context = createCallContext(
      resolved,
      defaultTransport(resolved),
      levelled(resolved.logger, resolved.logLevel, resolved.apiKey),
      createCallObserver({
        enabled: resolved.telemetry,
        propagateTraceContext: resolved.propagateTraceContext,
      }),
    );
    const call: SendOperation = (id, input, requestOptions) =>
      new APIPromise(
        requestOptions?.budget === undefined
          ? execute(this.#context, getRow(id), input, requestOptions)
          : executeWithBudget(this.#context, getRow(id), input, requestOptions),
      );
    this.tareas = new TareasResource(call);
    this.clientes = new ClientesResource(call);
    this.configuracion = new ConfiguracionResource(call);
    this.grupos = new GruposResource(call);
    this.promociones = new PromocionesResource(call);
    this.reportes = new ReportesResource(call);
    this.openapi = new OpenapiResource(call);
  }

  /**
   * A client with some options changed and the others as this client's: `withOptions({ timeoutMs:
   * 5_000 })`. It sends through the same connection pool (the same `dispatcher`, or `fetch`,
   * or undici's shared agent) unless `changes` gives a `dispatcher` or a `fetch` of its own.
   * Checked like the constructor's options; this client is unchanged.
   */
  withOptions(changes: ClientOptions): LoyaltyClient {
    const client = new (this.constructor as typeof LoyaltyClient)(withChanges(this.#settings, changes));
    // The same connection pool, unless the changes choose another way to send.
    if (!changesTransport(changes)) client.#context.transport = this.#context.transport;
    return client;
  }

  /** The base URL requests go to, with `/ext/v3`. */
  get apiUrl(): string {
    return this.#context.options.apiUrl;
  }

  /**
   * The plain-text help of an operation (`?help=true`), e.g. `client.help('clientes.puntos.add')`.
   * An unknown id rejects with a `LoyaltyError` naming the nearest id, and sends nothing.
   */
  help(operationId: OperationId, options?: RequestOptions): Promise<string> {
    const operation = getRow(operationId as string);
    if (!operation) {
      const near = nearestName(String(operationId), operationIds);
      return Promise.reject(
        new LoyaltyError(
          `Unknown operation "${String(operationId)}"${near ? `; did you mean ${near}?` : ''} (ids are method paths such as 'clientes.puntos.add')`,
        ),
      );
    }
    return executeHelp(this.#context, operation, options);
  }

  /**
   * Runs `run` once per item, at most `concurrency` at a time, reading the items as it goes (an
   * array, a generator, lines of a file), and resolves to the summary once every item has an
   * outcome. Each item's call gets `call`: the Idempotency-Key derived from `jobId` and
   * `itemKey(item)` alone, and a signal aborted with the job's. A failed item never stops the
   * others. With a `checkpoint`, a job started again skips the items that succeeded and sends the
   * others again with the same keys. An aborted job rejects with `LoyaltyAbortError`
   * (docs/bulk-jobs.md).
   *
   * ```ts
   * const summary = await client.bulk(
   *   orders,
   *   (order, call) => client.clientes.puntos.add(order.uid, { puntos: order.puntos }, call),
   *   { jobId: 'accrual-2026-11-22', itemKey: (order) => order.id },
   * );
   * ```
   */
  bulk<T, R>(
    items: Iterable<T> | AsyncIterable<T>,
    run: BulkRun<T, R>,
    options: BulkOptions<T, R>,
  ): Promise<BulkSummary> {
    // Loaded on the first job: an application that never runs one never loads the runner.
    return import('../bulk/runner.js').then(({ runBulk }) => runBulk<T, R>(items, run, options));
  }

  /** Shows the settings, never the key. */
  [inspect](): string {
    const { apiUrl, timeoutMs, maxRetries, logLevel } = this.#context.options satisfies ResolvedClientOptions;
    return `LoyaltyClient { apiUrl: '${apiUrl}', timeoutMs: ${timeoutMs}, maxRetries: ${maxRetries}, logLevel: '${logLevel}' }`;
  }

  toJSON(): Record<string, unknown> {
    const { apiUrl, timeoutMs, maxRetries } = this.#context.options;
    return { apiUrl, timeoutMs, maxRetries };
  }
}
