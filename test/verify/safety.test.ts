/**
 * Safe mode's promises (issue 27, point 5), each checked on what reached the service: only GET
 * requests, requests every correct service refuses, and dry runs; the pace; the stop at the
 * first 429; a plan that sends nothing.
 */
import { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../src/operations/scopes.js';
import type { OperationId } from '../../src/operations/table.js';
import { planVerification, verifyService } from '../../src/verify/index.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { ALL_SCOPES, whyAllowed } from './safe-rule.js';
import { BASE_URL, demoSamples, type Received, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

describe('safe mode sends only reads, requests that must be refused, and dry runs', () => {
  it.each([
    ['a key holding every scope', '*' as const, ALL_SCOPES],
    [
      'a read-only key',
      ['tareas:read', 'clientes:read', 'puntos:read', 'promociones:read'] as Scope[],
      new Set<Scope>(['tareas:read', 'clientes:read', 'puntos:read', 'promociones:read']),
    ],
  ])(
    'with %s: every request that reached the service is allowed, and nothing changed',
    async (_, scopes, held) => {
      const service = serviceUnderTest({ engine: { keys: [{ key: SERVICE_KEY, scopes }] } });
      const samples = demoSamples(service);
      const before = service.engine.admin.customer('cli_0001');
      const result = await verifyService({
        baseUrl: BASE_URL,
        apiKey: SERVICE_KEY,
        samples,
        maxRequestsPerSecond: 1_000,
        dispatcher: service.dispatcher,
      });
      expect(service.received.length).toBe(result.requests.length);
      expect(service.received.some((request) => request.method !== 'GET')).toBe(true);
      const disallowed = service.received
        .filter((request) => whyAllowed(request, held) === undefined)
        .map((request) => `${request.method} ${request.path}?${request.query} ${request.body ?? ''}`);
      expect(disallowed).toEqual([]);
      expect(service.engine.admin.audit()).toEqual([]);
      expect(service.engine.admin.notifications()).toEqual([]);
      expect(service.engine.admin.customer('cli_0001')).toEqual(before);
    },
  );

  it('the rule above catches a write that a service must not get (the check itself can fail)', () => {
    const write: Received = {
      method: 'POST',
      path: '/ext/v3/clientes/cli_0001/puntos',
      query: '',
      headers: { apikey: SERVICE_KEY, 'idempotency-key': 'verify-test-0001' },
      body: JSON.stringify({ puntos: 10 }),
      at: 0,
    };
    expect(whyAllowed(write, ALL_SCOPES)).toBeUndefined();
  });
});

describe('pace', () => {
  /**
   * A run of `operations` at maxRequestsPerSecond 5, the service on the run's virtual clock: `at`
   * is when each request reached it, with no real time waited.
   */
  async function pacedRun(operations: OperationId[] = ['tareas.list']) {
    const clock = createVirtualClock();
    const service = serviceUnderTest({ clock });
    await verifyServiceWithClock(
      {
        baseUrl: BASE_URL,
        apiKey: SERVICE_KEY,
        operations,
        maxRequestsPerSecond: 5,
        dispatcher: service.dispatcher,
      },
      clock,
    );
    return service.received;
  }

  it('with maxRequestsPerSecond 5, the starts of requests are at least 200 ms apart', async () => {
    const received = await pacedRun();
    expect(received.length).toBeGreaterThanOrEqual(5);
    // `operations` limits the run to what was asked for (and the document it starts from).
    expect(new Set(received.map((request) => request.path))).toEqual(
      new Set(['/ext/v3/openapi.json', '/ext/v3/tareas']),
    );
    const gaps = received.slice(1).map((request, index) => request.at - (received[index] as Received).at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200);
  });

  it('with maxRequestsPerSecond 5, no second of the run, wherever it starts, holds more than 5 requests', async () => {
    // Two operations: more requests than a second may hold, so the pace must spread them.
    const received = await pacedRun(['tareas.list', 'promociones.list']);
    const most = Math.max(
      ...received.map(
        (first) =>
          received.filter((request) => request.at >= first.at && request.at < first.at + 1_000).length,
      ),
    );
    expect(received.length).toBeGreaterThan(5);
    expect(most).toBeLessThanOrEqual(5);
  });

  it('with maxRequestsPerSecond 5, the pace waits no longer than it must: n requests span (n - 1) × 200 ms', async () => {
    const received = await pacedRun();
    const span = (received.at(-1) as Received).at - (received[0] as Received).at;
    expect(span).toBe((received.length - 1) * 200);
  });
});

describe('the first 429', () => {
  it('stops a safe run: no request after it, unverified, and the reason says so', async () => {
    const tooMany = {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '30' },
      body: JSON.stringify({
        codigoRespuesta: 9429,
        msj: 'Límite',
        meta: { requestId: 'r', appId: 1, scope: null },
      }),
    };
    const service = serviceUnderTest({ override: (_, count) => (count >= 4 ? tooMany : undefined) });
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    expect(service.received).toHaveLength(4);
    expect(result.requests.at(-1)?.status).toBe(429);
    expect(result.failure).toBe('rate-limited');
    expect(result.reason).toMatch(/429.*stops at the first 429/);
    expect(result.verdict).toBe('unverified');
    expect(result.profile.entries).toContainEqual({
      path: 'rateLimit.retryAfter',
      value: { present: true },
      source: 'probe',
    });
  });

  it('a 429 without Retry-After is a header finding (the client waits by it): the run differs, and says it stopped', async () => {
    const tooMany = {
      status: 429,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        codigoRespuesta: 9429,
        msj: 'Límite',
        meta: { requestId: 'r', appId: 1, scope: null },
      }),
    };
    const service = serviceUnderTest({ override: (_, count) => (count >= 4 ? tooMany : undefined) });
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    expect(result.findings).toEqual([
      expect.objectContaining({ kind: 'header', location: 'header.Retry-After', severity: 'differs' }),
    ]);
    expect(result.verdict).toBe('differs');
    expect(result.failure).toBe('rate-limited');
    expect(service.received).toHaveLength(4);
  });
});

class RefusingDispatcher extends Dispatcher {
  sent = 0;
  override dispatch(): boolean {
    this.sent += 1;
    throw new Error('planVerification sent a request');
  }
}

describe('planVerification', () => {
  it('sends nothing, and lists discovery first, then every probe with its purpose', async () => {
    const dispatcher = new RefusingDispatcher();
    const plan = await planVerification({
      baseUrl: BASE_URL,
      samples: { uid: ['cli_0001'], grupoId: [7] },
      dispatcher,
    });
    expect(dispatcher.sent).toBe(0);
    expect(plan[0]).toMatchObject({ operationId: 'openapi.retrieve', method: 'GET', purpose: 'discovery' });
    expect(new Set(plan.map((probe) => probe.purpose))).toEqual(
      new Set(['discovery', 'read', 'dry-run', 'refusal']),
    );
    // The samples' group only: safe mode aims no write at a group (no GET names one alone).
    expect(plan.filter((probe) => probe.purpose === 'dry-run').map((probe) => probe.path)).toEqual([
      '/ext/v3/grupos/7/puntos',
      '/ext/v3/grupos/7/etiquetas',
    ]);
    expect(
      plan.find((probe) => probe.operationId === 'promociones.cupones.list' && probe.purpose === 'read')
        ?.path,
    ).toMatch(/^\/ext\/v3\/promociones\/\{regaloId\}\/cupones\?inicio=/);
  });
});

describe('signal', () => {
  it('an abort stops the run: it rejects with the reason and sends nothing more', async () => {
    const controller = new AbortController();
    const clock = createVirtualClock();
    const service = serviceUnderTest({
      clock,
      override: (_, count) => {
        if (count === 3) controller.abort(new Error('stopped by the test'));
        return undefined;
      },
    });
    await expect(
      verifyServiceWithClock(
        {
          baseUrl: BASE_URL,
          apiKey: SERVICE_KEY,
          maxRequestsPerSecond: 50,
          signal: controller.signal,
          dispatcher: service.dispatcher,
        },
        clock,
      ),
    ).rejects.toThrow('stopped by the test');
    const sent = service.received.length;
    // A second of the run's pace goes by, a turn of the loop at each of its 50 gaps: a run still
    // going would send in it.
    for (let gap = 0; gap < 50; gap += 1) await clock.sleep(20);
    expect(service.received.length).toBe(sent);
    expect(sent).toBeLessThanOrEqual(4);
  });
});

describe('the plan is what a run sends', () => {
  it('with a key that may call everything, a run sends the planned requests, in order', async () => {
    const service = serviceUnderTest();
    const samples = demoSamples(service);
    const plan = await planVerification({ samples });
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      samples,
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    const sent = result.requests.map(({ method, path, purpose }) => `${purpose} ${method} ${path}`);
    expect(sent).toEqual(plan.map(({ method, path, purpose }) => `${purpose} ${method} ${path}`));
  });
});

describe('a create is never sent in a form a lenient service would carry out', () => {
  it('safe mode sends clientes.create nothing: a service that took a refusal of it would create a record', async () => {
    const plan = await planVerification({ operations: ['clientes.create'] });
    expect(plan.filter((probe) => probe.operationId === 'clientes.create')).toEqual([]);
  });

  it('sandbox mode refuses clientes.create with no key, a wrong key, and a required field of the wrong type; nothing else', async () => {
    const plan = await planVerification({ operations: ['clientes.create'], mode: 'sandbox' });
    expect(
      plan
        .filter((probe) => probe.operationId === 'clientes.create' && probe.purpose === 'refusal')
        .map((probe) => probe.check),
    ).toEqual(['refusal: no key', 'refusal: a wrong key', 'refusal: request.body.usuarioData not an object']);
  });
});
