import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_KEY,
  API_PREFIX,
  ERROR_CODES,
  expectEnvelopeError,
  type Fixtures,
  type KeyConfig,
  makeFixtures,
  type Operation,
  operations,
  SAMPLES,
  SCOPES,
  type Scope,
  useServer,
} from '../support/conformance-harness.js';

const withoutKey = (scope: Scope) => `conformance-without-${scope.replace(':', '-')}-key-5c3e1a9f7d`;
const onlyKey = (scope: Scope) => `conformance-only-${scope.replace(':', '-')}-key-8b6d4f2a0c`;
const NO_SCOPE_KEY = 'conformance-no-scopes-at-all-key-2e4c6a8b0d';
const APP_KEY = 'conformance-app-31-key-9f8e7d6c5b4a';

const keys: KeyConfig[] = [
  { key: NO_SCOPE_KEY, appId: 5, scopes: [] },
  { key: APP_KEY, appId: 31, scopes: ['tareas:read'] },
  ...SCOPES.flatMap((scope, index): KeyConfig[] => [
    { key: withoutKey(scope), appId: 100 + index, scopes: SCOPES.filter((other) => other !== scope) },
    { key: onlyKey(scope), appId: 200 + index, scopes: [scope] },
  ]),
];

const h = useServer({ keys });
let fx: Fixtures;

beforeAll(async () => {
  fx = await makeFixtures(h);
});

const all = operations.map((operation) => [operation.id, operation] as [string, Operation]);
const scoped = operations
  .filter((operation) => operation.scope !== null)
  .map((operation) => [operation.id, operation.scope as Scope, operation] as [string, Scope, Operation]);

describe('authentication (401, code 9501)', () => {
  it.each(all)('%s without the apikey header is 401 with code 9501', async (_, operation) => {
    const reply = await h.op(operation.id, { ...SAMPLES[operation.id](fx), key: null });
    expectEnvelopeError(reply, 401, ERROR_CODES.unauthorized);
  });

  it.each(all)('%s with an unknown key is 401 with code 9501', async (_, operation) => {
    const reply = await h.op(operation.id, { ...SAMPLES[operation.id](fx), key: 'not-a-key-of-this-server' });
    expectEnvelopeError(reply, 401, ERROR_CODES.unauthorized);
  });

  it.each(all)('%s with an empty key is 401 with code 9501', async (_, operation) => {
    const reply = await h.op(operation.id, { ...SAMPLES[operation.id](fx), key: '' });
    expectEnvelopeError(reply, 401, ERROR_CODES.unauthorized);
  });

  it('keys are compared exactly (another letter case is 401)', async () => {
    const reply = await h.op('tareas.list', { key: ADMIN_KEY.toUpperCase() });
    expectEnvelopeError(reply, 401, ERROR_CODES.unauthorized);
  });

  it('a 401 answer never echoes the key sent', async () => {
    const sent = 'conformance-wrong-key-that-must-not-echo-1234567890';
    const reply = await h.op('tareas.list', { key: sent });
    expect(reply.status).toBe(401);
    expect(reply.text).not.toContain(sent);
  });

  it('meta.appId is the application of the calling key', async () => {
    const reply = await h.op('tareas.list', { key: APP_KEY });
    expect(reply.status).toBe(200);
    expect(reply.json.meta.appId).toBe(31);
  });
});

describe('scopes (403, code 9503)', () => {
  it.each(scoped)(
    '%s: a key without %s gets 403 with code 9503 and meta.requiredScope',
    async (_, scope, operation) => {
      const reply = await h.op(operation.id, { ...SAMPLES[operation.id](fx), key: withoutKey(scope) });
      expectEnvelopeError(reply, 403, ERROR_CODES.forbidden);
      expect(reply.json.meta.requiredScope).toBe(scope);
      expect(reply.json.meta.scope).toBe(scope);
      expect(reply.json.meta.appId).toBe(100 + SCOPES.indexOf(scope));
    },
  );

  it.each(scoped)('%s: a key holding only %s may execute it', async (_, scope, operation) => {
    const reply = await h.op(operation.id, { ...SAMPLES[operation.id](fx), key: onlyKey(scope) });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.meta.scope).toBe(scope);
  });

  it.each(all)(
    '%s: a key without any scope is refused unless the operation needs none',
    async (_, operation) => {
      const reply = await h.op(operation.id, { ...SAMPLES[operation.id](fx), key: NO_SCOPE_KEY });
      if (operation.scope === null) {
        expect(reply.status, reply.text).toBe(200);
      } else {
        expectEnvelopeError(reply, 403, ERROR_CODES.forbidden);
        expect(reply.json.meta.requiredScope).toBe(operation.scope);
      }
    },
  );

  it('a refused points write changes nothing', async () => {
    const before = await h.balance(fx.uid);
    const reply = await h.op('clientes.puntos.add', {
      params: { uid: fx.uid },
      body: { puntos: 77 },
      key: withoutKey('puntos:write'),
    });
    expect(reply.status).toBe(403);
    expect(await h.balance(fx.uid)).toBe(before);
  });
});

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
}

function listed(doc: OpenApiDoc): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'patch', 'put', 'delete'].includes(method))
        out.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return out.sort();
}

const expected = (allowed: (operation: Operation) => boolean) =>
  operations
    .filter(allowed)
    .map((operation) => `${operation.method} ${API_PREFIX}${operation.path}`)
    .sort();

describe('OpenAPI document per key', () => {
  it('a key without scopes may download it, and it lists only the OpenAPI operation', async () => {
    const reply = await h.op<OpenApiDoc>('openapi.retrieve', { key: NO_SCOPE_KEY });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.meta.scope).toBeNull();
    expect(reply.json.data.openapi).toMatch(/^3\.0\.\d+$/);
    expect(listed(reply.json.data)).toEqual(expected((operation) => operation.scope === null));
  });

  it.each(SCOPES.map((scope) => [scope]))(
    'a key holding only %s sees exactly the operations it may execute',
    async (scope) => {
      const reply = await h.op<OpenApiDoc>('openapi.retrieve', { key: onlyKey(scope) });
      expect(reply.status, reply.text).toBe(200);
      expect(listed(reply.json.data)).toEqual(
        expected((operation) => operation.scope === null || operation.scope === scope),
      );
    },
  );

  it('a key with every scope sees all operations of the table', async () => {
    const reply = await h.op<OpenApiDoc>('openapi.retrieve');
    expect(listed(reply.json.data)).toEqual(expected(() => true));
  });
});
