/**
 * Issue point 5, key secrecy as a property: for random keys (printable ASCII and Latin-1, long
 * and short), no error the SDK throws, no log line at debug level, and no rendering of the client
 * (`toJSON`, `toString`, `util.inspect`) holds the key. Every kind of error is produced for each
 * key: validation, option, 401, 403, 404, 409, 422, connection refused (a closed port), timeout,
 * abort, and the refusal of the key itself at construction.
 *
 * test/client/secrecy.test.ts checks one fixed key against a scripted stub (every status, the
 * logged headers, masking); this file varies the key and talks to the reference engine.
 */

import { createServer } from 'node:net';
import { inspect } from 'node:util';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClientOptions, LoyaltyClient } from '../../src/index.js';
import { SCOPES } from '../../src/operations/index.js';
import { createReferenceEngine, EngineDispatcher, IN_PROCESS_BASE_URL } from '../../src/server/internal.js';
import { rejectionOf as rejection } from '../support/async.js';
import { capturingLogger } from '../support/capturing-logger.js';
import { checkProperty, runsFor, timeoutFor } from '../support/property-runs.js';

/** Every way an error or value is turned into text. */
function renderings(value: unknown): string[] {
  const error = value as Error;
  const out = [
    String(value),
    `${value}`,
    inspect(value),
    inspect(value, { showHidden: true, depth: Number.POSITIVE_INFINITY }),
    inspect(value, { customInspect: false, showHidden: true, depth: Number.POSITIVE_INFINITY }),
  ];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch (jsonError) {
    out.push(`JSON.stringify threw ${String(jsonError)}`);
  }
  if (value instanceof Error) {
    out.push(error.message, String(error.stack));
    if (error.cause !== undefined)
      out.push(inspect(error.cause, { showHidden: true, depth: Number.POSITIVE_INFINITY }));
  }
  return out;
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A fetch that never answers: only the timeout or the caller's signal ends it. */
const silentFetch = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });

const printable = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
const inner = fc.oneof(
  { weight: 8, arbitrary: printable },
  { weight: 1, arbitrary: fc.constant(' ') },
  { weight: 1, arbitrary: fc.integer({ min: 0xa1, max: 0xff }).map((code) => String.fromCharCode(code)) },
);

/** Keys a client accepts: no control characters, no surrounding spaces; from 12 to 300 characters. */
const randomKey = fc
  .tuple(printable, fc.string({ unit: inner, minLength: 10, maxLength: 298 }), printable)
  .map(([first, middle, last]) => `${first}${middle}${last}`);

/** What must not appear: the key, and (long keys) all of it but the last four, which masking may show. */
function secretsOf(key: string): string[] {
  return key.length >= 16 ? [key, key.slice(0, -4)] : [key];
}

function leaks(texts: readonly string[], key: string): string[] {
  const secrets = secretsOf(key);
  return texts
    .filter((text) => secrets.some((secret) => text.includes(secret)))
    .map((text) => text.slice(0, 300));
}

describe('the API key never leaks (fast-check over random keys)', () => {
  const runs = runsFor(300);
  it(
    'errors of every kind, debug log lines and client renderings never hold the key',
    async () => {
      const port = await closedPort();
      const property = fc.asyncProperty(randomKey, async (key) => {
        const log = capturingLogger();
        const engine = createReferenceEngine({
          keys: [{ key, scopes: SCOPES.filter((scope) => scope !== 'reportes:read') }],
          limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } },
        });
        const stranger = createReferenceEngine({
          limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } },
        });
        const common: ClientOptions = { apiKey: key, maxRetries: 0, logger: log.logger, logLevel: 'debug' };
        const inProcess = (target = engine) =>
          new LoyaltyClient({
            ...common,
            baseUrl: IN_PROCESS_BASE_URL,
            dispatcher: new EngineDispatcher((request) => target.handle(request)),
          });
        const client = inProcess();
        const idem = `idem-${Math.random().toString(36).slice(2, 12)}`;
        await client.clientes.puntos.add('cli_0001', { puntos: 1 }, { idempotencyKey: idem });

        const errors: unknown[] = [
          await rejection(client.clientes.puntos.add('cli_0001', { puntos: 0 })),
          await rejection(
            client.clientes.puntos.add('cli_0001', { puntos: 1 }, { idempotencyKey: 'bad key' }),
          ),
          await rejection(client.tareas.list({ headers: { apikey: key } })),
          await rejection(client.tareas.list({ headers: { 'x-echo': `${key}\r\n` } })),
          await rejection(inProcess(stranger).tareas.list()),
          await rejection(client.reportes.catalogo.retrieve()),
          await rejection(client.clientes.retrieve('nobody-here')),
          await rejection(client.clientes.puntos.add('cli_0001', { puntos: 2 }, { idempotencyKey: idem })),
          await rejection(client.clientes.puntos.add('cli_0001', { puntos: -10_000 })),
          await rejection(
            new LoyaltyClient({ ...common, baseUrl: `http://127.0.0.1:${port}` }).tareas.list(),
          ),
          await rejection(
            new LoyaltyClient({
              ...common,
              baseUrl: 'http://silent.invalid',
              fetch: silentFetch,
              timeoutMs: 1,
            }).tareas.list(),
          ),
          await rejection(client.tareas.list({ signal: AbortSignal.abort(new Error(`aborted`)) })),
          await rejection(
            Promise.resolve().then(
              () => new LoyaltyClient({ ...common, baseUrl: IN_PROCESS_BASE_URL, apiKey: `${key}\n` }),
            ),
          ),
          await rejection(
            Promise.resolve().then(
              () =>
                new LoyaltyClient({
                  ...common,
                  baseUrl: IN_PROCESS_BASE_URL,
                  defaultHeaders: { 'x-k': `${key}\u0000` },
                }),
            ),
          ),
        ];
        const names = errors.map((error) => (error as Error).name);
        expect(names).toEqual([
          'LoyaltyValidationError',
          'LoyaltyValidationError',
          'LoyaltyError',
          'LoyaltyError',
          'AuthenticationError',
          'PermissionDeniedError',
          'NotFoundError',
          'ConflictError',
          'UnprocessableEntityError',
          'LoyaltyConnectionError',
          'LoyaltyTimeoutError',
          'LoyaltyAbortError',
          'LoyaltyError',
          'LoyaltyError',
        ]);
        const texts = [
          ...errors.flatMap(renderings),
          ...renderings(client),
          JSON.stringify(client.toJSON()),
          log.text(),
        ];
        expect(log.lines.some((line) => line.level === 'debug')).toBe(true);
        expect(leaks(texts, key)).toEqual([]);
      });
      await checkProperty('key secrecy', property, runs);
    },
    timeoutFor(runs, 60),
  );
});
