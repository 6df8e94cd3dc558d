/**
 * What sandbox mode may send, checked on what reached the service: all safe mode may send, writes
 * only to the customer it created (and the creation itself, marked as verify's), the group action
 * on the sample group, and the burst: reads only, at most BURST_BOUND of them, none after the
 * first 429, the one exception to the pace.
 */
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../src/server/engine/router.js';
import { planVerification } from '../../src/verify/index.js';
import { BURST_BOUND, VERIFY_MARK } from '../../src/verify/sandbox/plan.js';
import type { VerifyResult } from '../../src/verify/types.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { ALL_SCOPES, whyAllowed } from './safe-rule.js';
import { BASE_URL, demoSamples, type Received, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

const PACE = 50;

/** Why sandbox mode may send a request that safe mode may not; undefined when it may not. */
function whySandboxMay(request: Received, result: VerifyResult, grupoId: number): string | undefined {
  const body = request.body === undefined ? undefined : JSON.parse(request.body);
  const route = matchRoute(request.method, request.path);
  if (route.kind !== 'operation') return undefined;
  const customers = result.created.filter((made) => made.kind === 'customer').map((made) => made.id);
  if (route.operation.id === 'clientes.create' && body?.usuarioData?.nombre === VERIFY_MARK)
    return 'a customer marked as verify’s';
  const uid = route.paramNames.includes('uid')
    ? decodeURIComponent(route.rawParams[route.paramNames.indexOf('uid')] as string)
    : undefined;
  if (uid !== undefined && customers.includes(uid)) return 'a write to the customer it created';
  const group = route.paramNames.includes('grupoId')
    ? Number(route.rawParams[route.paramNames.indexOf('grupoId')])
    : undefined;
  if (route.operation.id === 'grupos.etiquetas.add' && group === grupoId && body?.etiqueta === VERIFY_MARK)
    return 'the verify tag on the sample group';
  return undefined;
}

describe('sandbox mode sends what safe mode may, and writes only to what it created', () => {
  it('every request is allowed, and the pace holds but for the burst', async () => {
    // The run and the service share a virtual clock: the pace costs no real time, and `at` is exact.
    const clock = createVirtualClock();
    const service = serviceUnderTest({
      engine: { limits: { rateLimit: { limit: 100, windowMs: 1_000 } } },
      clock,
    });
    const samples = demoSamples(service);
    const result = await verifyServiceWithClock(
      {
        baseUrl: BASE_URL,
        apiKey: SERVICE_KEY,
        mode: 'sandbox',
        samples,
        maxRequestsPerSecond: PACE,
        dispatcher: service.dispatcher,
      },
      clock,
    );
    expect(service.received.length).toBe(result.requests.length);
    const grupoId = samples.grupoId[0] as number;
    const disallowed = service.received
      .filter(
        (request) =>
          whyAllowed(request, ALL_SCOPES) === undefined &&
          whySandboxMay(request, result, grupoId) === undefined,
      )
      .map((request) => `${request.method} ${request.path} ${request.body ?? ''}`);
    expect(disallowed).toEqual([]);
    expect(service.received.some((request) => whySandboxMay(request, result, grupoId) !== undefined)).toBe(
      true,
    );
    const paced = service.received.filter((_, index) => result.requests[index]?.purpose !== 'burst');
    const gaps = paced.slice(1).map((request, index) => request.at - (paced[index] as Received).at);
    // On the shared clock an arrival is at its paced start: no handover lag to allow for.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1_000 / PACE);
  });

  it('the safe rule alone refuses the sandbox writes (the check can fail)', async () => {
    const write: Received = {
      method: 'POST',
      path: '/ext/v3/clientes',
      query: '',
      headers: { apikey: SERVICE_KEY, 'idempotency-key': 'verify-test-0001' },
      body: JSON.stringify({ usuarioData: { nombre: 'Ana' } }),
      at: 0,
    };
    expect(whyAllowed(write, ALL_SCOPES)).toBeUndefined();
    expect(whySandboxMay(write, { created: [] } as unknown as VerifyResult, 1)).toBeUndefined();
  });
});

describe('the burst', () => {
  /** A run of one read operation: its safe probes, then the burst (no customer is asked for). */
  async function burst(limit: number) {
    // A virtual clock: the pace and the quiet window cost no real time.
    const clock = createVirtualClock();
    const service = serviceUnderTest({
      engine: { limits: { rateLimit: { limit, windowMs: 1_000 } } },
      clock,
    });
    const result = await verifyServiceWithClock(
      {
        baseUrl: BASE_URL,
        apiKey: SERVICE_KEY,
        mode: 'sandbox',
        operations: ['tareas.list'],
        maxRequestsPerSecond: PACE,
        dispatcher: service.dispatcher,
      },
      clock,
    );
    return { result, sent: result.requests.filter((request) => request.purpose === 'burst') };
  }

  it('stops at the first 429: the limit it saw is a finding, nothing is sent after it', async () => {
    const { result, sent } = await burst(30);
    expect(sent).toHaveLength(31);
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
    expect(result.requests.at(-1)?.status).toBe(429);
    expect(sent.slice(0, -1).every((request) => request.status === 200)).toBe(true);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'limit',
        operationId: null,
        location: 'rateLimit.requests',
        expected: { accepted: 100, limited: true },
        observed: { accepted: 30, limited: true },
        severity: 'differs',
      }),
    ]);
    expect(result.created).toEqual([]);
  });

  it(`sends at most ${BURST_BOUND} requests when no 429 comes`, async () => {
    const { result, sent } = await burst(Number.POSITIVE_INFINITY);
    expect(sent).toHaveLength(BURST_BOUND);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'limit',
        expected: { accepted: 100, limited: true },
        observed: { accepted: BURST_BOUND, limited: false },
        severity: 'info',
      }),
    ]);
  });
});

describe('the sandbox plan', () => {
  it('holds the safe plan, then its writes: each names the created customer or the sample group, the burst is listed once', async () => {
    const safe = await planVerification({ samples: { grupoId: [7] } });
    const plan = await planVerification({ mode: 'sandbox', samples: { grupoId: [7] } });
    const sandbox = plan.filter((probe) => probe.check.startsWith('sandbox: '));
    const before = plan.slice(0, plan.length - sandbox.length);
    // Every request of the safe plan, in order; sandbox mode adds the refusals safe mode cannot aim at nothing.
    const inOrder = (wanted: readonly string[], seen: readonly string[]) => {
      let at = 0;
      for (const one of seen) if (one === wanted[at]) at += 1;
      return at === wanted.length;
    };
    const said = (probes: typeof plan) =>
      probes.map((probe) => `${probe.purpose} ${probe.method} ${probe.path}`);
    expect(inOrder(said(safe), said(before))).toBe(true);
    expect(before.length).toBeGreaterThan(safe.length);
    expect(sandbox.map((probe) => `${probe.purpose} ${probe.method} ${probe.path}`)).toEqual([
      'write POST /ext/v3/clientes',
      'read GET /ext/v3/clientes/{uid}',
      'write POST /ext/v3/clientes',
      'write POST /ext/v3/clientes/{uid}/puntos',
      'read GET /ext/v3/clientes/{uid}',
      'read GET /ext/v3/clientes/{uid}/puntos',
      'write POST /ext/v3/clientes/{uid}/puntos',
      'write POST /ext/v3/clientes/{uid}/puntos',
      'dry-run POST /ext/v3/grupos/7/etiquetas',
      'write POST /ext/v3/grupos/7/etiquetas',
      'burst GET /ext/v3/tareas',
    ]);
  });

  it('without a grupoId, no group action', async () => {
    const plan = await planVerification({ mode: 'sandbox' });
    expect(plan.some((probe) => probe.path.includes('/grupos/') && probe.purpose === 'write')).toBe(false);
  });
});
