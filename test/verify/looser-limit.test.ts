/**
 * A limit the service enforces looser than the table, measured safely: every request past the
 * table's bound still breaks the table's rule and is aimed at an identifier that names nothing,
 * the number of them is bounded, and the finding names the largest value the service took.
 */
import { describe, expect, it } from 'vitest';
import { API_PREFIX, LIMITS } from '../../src/operations/limits.js';
import { createReferenceServer, type ServiceProfile } from '../../src/server/internal.js';
import { verifyService } from '../../src/verify/index.js';
import { ALL_SCOPES, heldBy, whyAllowed } from './safe-rule.js';
import { BASE_URL, type Override, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

const LIMIT = LIMITS.comandoMaxLength;

/** A service that takes `comando` up to `takes` characters: the engine gets it cut to ours, as a value within it. */
const comandoUpTo =
  (takes: number): Override =>
  (request, _, answer) => {
    if (request.method !== 'POST' || !/\/promociones\/[^/]+\/status$/.test(request.path)) return undefined;
    const body = JSON.parse(Buffer.from(request.body ?? '').toString('utf8') || 'null');
    if (typeof body?.comando !== 'string' || body.comando.length <= LIMIT || body.comando.length > takes)
      return undefined;
    request.body = JSON.stringify({ ...body, comando: body.comando.slice(0, LIMIT) });
    return answer();
  };

async function measure(takes: number) {
  const service = serviceUnderTest({ override: comandoUpTo(takes) });
  const result = await verifyService({
    baseUrl: BASE_URL,
    apiKey: SERVICE_KEY,
    operations: ['promociones.setStatus'],
    maxRequestsPerSecond: 1_000,
    dispatcher: service.dispatcher,
  });
  const past = service.received.filter((request) => {
    const comando = request.body === undefined ? undefined : JSON.parse(request.body).comando;
    return typeof comando === 'string' && comando.length > LIMIT;
  });
  return { service, result, past };
}

describe('a looser limit, measured', () => {
  it.each([
    ['twice ours', LIMIT * 2],
    ['ours and 7 more', LIMIT + 7],
  ])(
    'a service taking comando up to %s: found as that limit, with refused requests only',
    async (_, takes) => {
      const { service, result, past } = await measure(takes);
      expect(
        result.findings.map(({ kind, location, expected, observed }) => ({
          kind,
          location,
          expected,
          observed,
        })),
      ).toEqual([
        {
          kind: 'limit',
          location: 'request.body.comando',
          expected: { maxLength: LIMIT },
          observed: { maxLength: takes },
        },
      ]);
      const held = heldBy(service.engine);
      expect(
        service.received.filter((request) => whyAllowed(request, ALL_SCOPES, held) === undefined),
      ).toEqual([]);
      // The probe, then at most 5 steps out (ours and 1, 2, 4, 8, 16 times ours) and a bisection of the last one.
      expect(past.length).toBeLessThanOrEqual(1 + 5 + Math.ceil(Math.log2(LIMIT * 8)));
      expect(service.engine.admin.audit()).toEqual([]);
    },
  );

  it('a service with no limit within 16 times ours: took the largest value tried, never said to be its limit', async () => {
    const { result } = await measure(Number.POSITIVE_INFINITY);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'limit',
        expected: { maxLength: LIMIT },
        observed: { took: LIMIT + 16 * LIMIT, largestTried: true },
        basis: 'spec',
        rule: `body comando: at most ${LIMIT} characters`,
      }),
    ]);
    expect(result.profile.calibrations).toEqual([
      {
        kind: 'limit',
        operationId: 'promociones.setStatus',
        parameter: 'request.body.comando',
        rules: { maxLength: LIMIT + 16 * LIMIT },
        largestTried: true,
        source: 'probe',
      },
    ]);
  });

  it('a profile that says no limit was found: the reference server takes any length there, and verify with it agrees', async () => {
    const { result } = await measure(Number.POSITIVE_INFINITY);
    const statuses = async (profile?: ServiceProfile) => {
      const server = createReferenceServer({
        keys: [{ key: SERVICE_KEY, scopes: '*' }],
        ...(profile ? { profile } : {}),
      });
      const url = await server.listen({ port: 0, host: '127.0.0.1' });
      try {
        const response = await fetch(`${url}${API_PREFIX}/promociones/1/status`, {
          method: 'POST',
          headers: { apikey: SERVICE_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ comando: 'x'.repeat(LIMIT * 100) }),
        });
        await response.arrayBuffer();
        return response.status;
      } finally {
        await server.close();
      }
    };
    // A hundred times ours, past the largest value tried: no limit was found, so none is made up
    // (the command is then judged as one, and not known: 422).
    expect(await statuses(result.profile)).toBe(422);
    expect(await statuses()).toBe(400);
    const again = serviceUnderTest({ override: comandoUpTo(Number.POSITIVE_INFINITY) });
    const checked = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      operations: ['promociones.setStatus'],
      maxRequestsPerSecond: 1_000,
      dispatcher: again.dispatcher,
      profile: result.profile,
    });
    expect(checked.findings).toEqual([]);
    expect(checked.verdict).toBe('agrees');
  });

  it('a service with our limit: one request past it, no finding', async () => {
    const { result, past } = await measure(LIMIT);
    expect(result.findings).toEqual([]);
    expect(past).toHaveLength(1);
  });
});
