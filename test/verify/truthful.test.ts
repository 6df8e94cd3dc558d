/**
 * Verify tells the truth about a service it did not write (issue 35), one rule each, on the
 * reference engine with one change: every answer read by the SDK's own decoder; what a service
 * took judged against a control it answered; what was only different graded `differs` and named
 * as sent; a header missing from some answers counted; a placeholder document named as one.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/operations/limits.js';
import type { EngineResponse } from '../../src/server/internal.js';
import { verifyService } from '../../src/verify/index.js';
import type { OperationId } from '../../src/verify/types.js';
import { BASE_URL, type Override, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

type Json = Record<string, unknown>;

const envelopeOf = (response: EngineResponse) => JSON.parse(response.body) as Json;
const withEnvelope = (response: EngineResponse, envelope: Json): EngineResponse => ({
  ...response,
  body: JSON.stringify(envelope),
});

async function run(operations: OperationId[], override: Override) {
  const service = serviceUnderTest({ override });
  const result = await verifyService({
    baseUrl: BASE_URL,
    apiKey: SERVICE_KEY,
    operations,
    maxRequestsPerSecond: 1_000,
    dispatcher: service.dispatcher,
  });
  return { service, result };
}

const where = (result: Awaited<ReturnType<typeof run>>['result']) =>
  result.findings.map(({ kind, operationId, location, severity }) => ({
    kind,
    operationId,
    location,
    severity,
  }));

describe('verify against a service we did not write', () => {
  it('a success whose codigoRespuesta is not 0, which the SDK turns into an error, is breaking at response.200.codigoRespuesta', async () => {
    const { result } = await run(['tareas.list'], async (request, _, answer) => {
      const response = await answer();
      if (request.path !== '/ext/v3/tareas' || response.status !== 200) return response;
      return withEnvelope(response, { ...envelopeOf(response), codigoRespuesta: -9_007_199_254_740_991 });
    });
    expect(where(result)).toEqual([
      {
        kind: 'error-code',
        operationId: 'tareas.list',
        location: 'response.200.codigoRespuesta',
        severity: 'breaking',
      },
    ]);
    expect(result.findings[0]).toMatchObject({
      expected: { codigoRespuesta: 0, sdk: 'resolves with data' },
      observed: { codigoRespuesta: -9_007_199_254_740_991, sdk: 'throws LoyaltyApiError' },
    });
    // Not a calibration: the reference server has no such answer to follow.
    expect(result.profile.calibrations).toEqual([]);
  });

  it('a refusal whose meta.scope is a string where the reference sends null: says null, and differs', async () => {
    const { result } = await run(['openapi.retrieve'], async (_request, _, answer) => {
      const response = await answer();
      if (response.status !== 401) return response;
      const envelope = envelopeOf(response);
      return withEnvelope(response, {
        ...envelope,
        meta: { ...(envelope.meta as Json), scope: 'tareas:read' },
      });
    });
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'error-shape',
        location: 'response.401.meta.scope',
        expected: 'null',
        observed: 'string',
        severity: 'differs',
      }),
    ]);
    expect(JSON.stringify(result.findings)).not.toContain('"any"');
  });

  it('X-Request-Id missing from some answers only (a proxy refusing on its own): a header finding with the count', async () => {
    const { result } = await run(['tareas.list'], async (request, _, answer) => {
      const response = await answer();
      if (!request.query.includes('loyaltyVerifyUnknown')) return response;
      const { 'x-request-id': _id, ...headers } = response.headers;
      return { ...response, headers };
    });
    const answered = result.requests.filter((request) => request.purpose !== 'discovery').length;
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'header',
        operationId: 'tareas.list',
        location: 'header.X-Request-Id',
        expected: { statuses: ['200', '400', '401'] },
        observed: { statuses: ['200', '401'], missing: 1, of: answered },
      }),
    ]);
  });

  it('a placeholder document (a mock without an example) is named as one, not blamed on the scopes', async () => {
    const { result } = await run(['tareas.list'], async (request, _, answer) => {
      const response = await answer();
      if (!request.path.endsWith('/openapi.json')) return response;
      const envelope = envelopeOf(response);
      return withEnvelope(response, { ...envelope, data: { openapi: 'string', info: {}, paths: {} } });
    });
    expect(result.verdict).toBe('unverified');
    expect(result.reason).toMatch(/a placeholder, not an OpenAPI document \(openapi: "string", 0 paths\)/);
    expect(result.reason).not.toMatch(/scope/);
  });

  it('a control the service refuses itself makes the looser limit inconclusive: no finding, no calibration', async () => {
    // comando at our limit is refused with 400; one past it goes on to the unknown promotion (404).
    const { result } = await run(['promociones.setStatus'], async (request, _, answer) => {
      const body = request.body === undefined ? undefined : JSON.parse(Buffer.from(request.body).toString());
      const comando = body?.comando;
      if (typeof comando !== 'string') return answer();
      if (comando.length === LIMITS.comandoMaxLength) {
        const refused = await answer();
        return {
          ...refused,
          status: 400,
          body: JSON.stringify({ ...envelopeOf(refused), codigoRespuesta: 9400 }),
        };
      }
      if (comando.length <= LIMITS.comandoMaxLength) return answer();
      request.body = JSON.stringify({ ...body, comando: comando.slice(0, LIMITS.comandoMaxLength - 1) });
      return answer();
    });
    const check = result.coverage
      .flatMap((entry) => entry.checks)
      .find(
        (one) => one.check === `refusal: request.body.comando over ${LIMITS.comandoMaxLength} characters`,
      );
    expect(check).toMatchObject({ outcome: 'inconclusive', how: 'inconclusive' });
    expect(check?.note).toMatch(/the control \(in range\) was answered 400/);
    expect(result.findings.filter((finding) => finding.location === 'request.body.comando')).toEqual([]);
    expect(
      result.profile.calibrations.filter((fact) => fact.kind === 'limit' || fact.kind === 'status'),
    ).toEqual([]);
  });
});
