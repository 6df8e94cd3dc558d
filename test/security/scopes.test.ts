/**
 * Issue point 5, scopes: every operation against keys holding exactly one scope (and none, and
 * random sets of scopes). Only the operation's own scope passes; every other key gets a 403 with
 * `requiredScope` and changes nothing; `/openapi.json` lists exactly what the key may do; the help
 * text needs no scope. Driven through the SDK over an in-process engine.
 *
 * test/conformance/auth.test.ts checks, over HTTP, a key *without* each scope and a key with
 * *only* it; this file adds the full matrix (every scope against every operation), the SDK's
 * mapping to PermissionDeniedError, and a property over arbitrary scope sets.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoyaltyClient, type OperationId, PermissionDeniedError, type Scope } from '../../src/index.js';
import { API_PREFIX, ERROR_CODES, type Operation, operations, SCOPES } from '../../src/operations/index.js';
import { createReferenceEngine, EngineDispatcher, IN_PROCESS_BASE_URL } from '../../src/server/internal.js';
import { checkProperty, runsFor } from '../support/property-runs.js';
import { callValid } from '../support/valid-sdk-calls.js';

// Keys share no 8 characters with an answer (a scope's name): the SDK masks any 8 characters of
// its key in what it hands on, and a key spelled with `clientes` would mask `requiredScope` too.
const keyOf = (scope: Scope | 'none') =>
  `sk_matrix_${[...scope].map((c) => c.charCodeAt(0).toString(16)).join('')}`;

const ROWS: (Scope | 'none')[] = [...SCOPES, 'none'];
const engine = createReferenceEngine({
  keys: ROWS.map((row, index) => ({
    key: keyOf(row),
    appId: 500 + index,
    scopes: row === 'none' ? [] : [row],
  })),
  limits: { rateLimit: { limit: Number.POSITIVE_INFINITY }, groupActionsPerMinute: Number.POSITIVE_INFINITY },
});
const dispatcher = new EngineDispatcher((request) => engine.handle(request));
const clients = new Map(
  ROWS.map((row) => [
    row,
    new LoyaltyClient({
      apiKey: keyOf(row),
      baseUrl: IN_PROCESS_BASE_URL,
      dispatcher,
      maxRetries: 0,
      logLevel: 'off',
    }),
  ]),
);

/** Everything a refused call must leave as it was. */
function observable() {
  return JSON.stringify({
    customer: engine.admin.customer('cli_0001'),
    audit: engine.admin.audit().length,
    notifications: engine.admin.notifications().length,
  });
}

const cells = operations.flatMap((operation) => ROWS.map((row) => [operation.id, row, operation] as const));

describe('scope matrix: every operation x a key holding exactly one scope (or none)', () => {
  it.each(cells)('%s with a key holding only %s', async (_id, row, operation) => {
    const client = clients.get(row)!;
    const allowed = operation.scope === null || operation.scope === row;
    const before = observable();
    let outcome: { status: number; scope: unknown } | PermissionDeniedError;
    try {
      const response = await callValid(client, operation.id);
      outcome = { status: response.status, scope: response.meta.scope };
    } catch (error) {
      if (!(error instanceof PermissionDeniedError)) throw error;
      outcome = error;
    }
    if (allowed) {
      expect(outcome).toEqual({ status: 200, scope: operation.scope });
      return;
    }
    expect(outcome).toBeInstanceOf(PermissionDeniedError);
    const refused = outcome as PermissionDeniedError;
    expect(refused.status).toBe(403);
    expect(refused.codigoRespuesta).toBe(ERROR_CODES.forbidden);
    expect(refused.requiredScope).toBe(operation.scope);
    expect(refused.meta?.scope).toBe(operation.scope);
    expect(refused.meta?.appId).toBe(500 + ROWS.indexOf(row));
    expect(observable(), 'a refused call changes nothing').toBe(before);
  });
});

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

/** `GET /ext/v3/tareas`-style entries of a document, sorted. */
function listed(document: OpenApiDocument): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) out.push(`${method.toUpperCase()} ${path}`);
  }
  return out.sort();
}

const entriesOf = (allowed: (operation: Operation) => boolean) =>
  operations
    .filter(allowed)
    .map((operation) => `${operation.method} ${API_PREFIX}${operation.path}`)
    .sort();

describe('/openapi.json and help per key', () => {
  it.each(ROWS)(
    'a key holding only %s: the document lists exactly the operations it may execute',
    async (row) => {
      const client = clients.get(row)!;
      const document = (await client.openapi.retrieve()) as unknown as OpenApiDocument;
      expect(listed(document)).toEqual(
        entriesOf((operation) => operation.scope === null || operation.scope === row),
      );
      for (const item of Object.values(document.paths)) {
        for (const entry of Object.values(item)) {
          const operation = operations.find((candidate) => candidate.id === entry.operationId);
          expect(operation?.scope === null || operation?.scope === row).toBe(true);
        }
      }
    },
  );

  it.each(ROWS)(
    'a key holding only %s reads the help of every operation (help needs no scope)',
    async (row) => {
      const client = clients.get(row)!;
      for (const operation of operations) {
        const text = await client.help(operation.id as OperationId);
        expect(text).toContain(`${operation.method} ${API_PREFIX}${operation.path}`);
      }
    },
  );
});

describe('any set of scopes (fast-check)', () => {
  it('an operation passes exactly when its scope is in the set; the document lists exactly those', async () => {
    const scopeSet = fc.subarray([...SCOPES]);
    const property = fc.asyncProperty(scopeSet, fc.constantFrom(...operations), async (scopes, operation) => {
      const key = `sk_set_${[...(scopes.join('+') || 'empty')].map((c) => c.charCodeAt(0).toString(16)).join('')}`;
      const own = createReferenceEngine({
        keys: [{ key, scopes }],
        limits: {
          rateLimit: { limit: Number.POSITIVE_INFINITY },
          groupActionsPerMinute: Number.POSITIVE_INFINITY,
        },
      });
      const client = new LoyaltyClient({
        apiKey: key,
        baseUrl: IN_PROCESS_BASE_URL,
        dispatcher: new EngineDispatcher((request) => own.handle(request)),
        maxRetries: 0,
        logLevel: 'off',
      });
      const allowed = operation.scope === null || scopes.includes(operation.scope);
      const result = await callValid(client, operation.id).then(
        (response) => response.status,
        (error: unknown) => (error instanceof PermissionDeniedError ? error.requiredScope : error),
      );
      expect(result).toBe(allowed ? 200 : operation.scope);
      const document = (await client.openapi.retrieve()) as unknown as OpenApiDocument;
      expect(listed(document)).toEqual(
        entriesOf((candidate) => candidate.scope === null || scopes.includes(candidate.scope)),
      );
    });
    await checkProperty('scope sets', property, runsFor(200));
  });
});
