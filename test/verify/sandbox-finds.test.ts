/**
 * Sandbox mode finds what only writes show, each on a service that differs in that one way (the
 * reference engine behind a layer of the test): keys not honoured (a replay makes a second
 * customer, another body or another operation is carried out), points counted in another unit;
 * and whatever such a service made is listed in `created` too. Also: a key that may not write gets
 * no write, and says which checks it could not make.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EngineRequest } from '../../src/server/internal.js';
import { verifyService } from '../../src/verify/index.js';
import type { OperationId, VerifyResult } from '../../src/verify/types.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { jsonBody } from './planted.js';
import { whyAllowed } from './safe-rule.js';
import { BASE_URL, type Override, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

/** The customer steps only: no group sample, and no read that would start a burst. */
const CUSTOMER: OperationId[] = [
  'clientes.create',
  'clientes.retrieve',
  'clientes.puntos.add',
  'clientes.puntos.list',
];

async function sandboxRun(override: Override): Promise<VerifyResult> {
  const service = serviceUnderTest({ override });
  return verifyService({
    baseUrl: BASE_URL,
    apiKey: SERVICE_KEY,
    mode: 'sandbox',
    operations: CUSTOMER,
    maxRequestsPerSecond: 1_000,
    dispatcher: service.dispatcher,
  });
}

const isWrite = (request: EngineRequest, path: RegExp) =>
  request.method === 'POST' && path.test(request.path);

/** A service that remembers no key on writes to `path`: the engine, which needs one, gets a fresh one each time. */
const keyless =
  (path: RegExp): Override =>
  (request, _, answer) => {
    if (!isWrite(request, path) || request.headers['idempotency-key'] === undefined) return undefined;
    request.headers = { ...request.headers, 'idempotency-key': randomUUID() };
    return answer();
  };

const where = (result: VerifyResult) =>
  result.findings.map((finding) => `${finding.kind} ${finding.operationId} ${finding.location}`);

describe('sandbox mode finds what only writes show', () => {
  it('creation keys not remembered: a replay makes a second customer, unmarked, and both customers are listed', async () => {
    const result = await sandboxRun(keyless(/\/clientes$/));
    // Unremembered, the replay is not marked, and the creation's key is new to the points too.
    expect(where(result).sort()).toEqual([
      'idempotency clientes.create header.Idempotent-Replayed',
      'idempotency clientes.create idempotency.replay',
      'idempotency clientes.puntos.add idempotency.other-operation',
    ]);
    expect(result.findings.find((finding) => finding.location === 'idempotency.replay')).toMatchObject({
      expected: { status: 200, answer: 'the original' },
      observed: { status: 200, answer: 'another' },
      severity: 'breaking',
    });
    expect(result.created.filter((made) => made.kind === 'customer')).toHaveLength(2);
  });

  it('points keys not honoured: another body and another operation are carried out, and each movement is listed', async () => {
    const result = await sandboxRun(keyless(/\/puntos$/));
    expect(where(result).sort()).toEqual([
      'idempotency clientes.puntos.add idempotency.other-body',
      'idempotency clientes.puntos.add idempotency.other-operation',
    ]);
    expect(result.findings[0]).toMatchObject({
      expected: { status: 409, codigoRespuesta: 9409 },
      observed: { status: 200, codigoRespuesta: 0 },
    });
    expect(result.created.filter((made) => made.kind === 'movement')).toHaveLength(3);
  });

  it('points counted in another unit: the balance moved by 100, a parameter finding at request.body.puntos', async () => {
    const hundredfold: Override = (request, _, answer) => {
      const body = isWrite(request, /\/puntos$/) ? jsonBody(request) : undefined;
      if (typeof body?.puntos !== 'number') return undefined;
      Object.assign(request, { body: JSON.stringify({ ...body, puntos: body.puntos * 100 }) });
      return answer();
    };
    const result = await sandboxRun(hundredfold);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'parameter',
        operationId: 'clientes.puntos.add',
        location: 'request.body.puntos',
        expected: { balanceMovedBy: 1 },
        observed: { balanceMovedBy: 100 },
      }),
    ]);
  });
});

describe('a key that may not write', () => {
  it('gets no write: the sandbox checks say why they were skipped, nothing is created', async () => {
    const reads = ['tareas:read', 'clientes:read', 'puntos:read', 'promociones:read'] as const;
    // A virtual clock: the quiet window before the burst costs no real time.
    const clock = createVirtualClock();
    const service = serviceUnderTest({ engine: { keys: [{ key: SERVICE_KEY, scopes: [...reads] }] }, clock });
    const result = await verifyServiceWithClock(
      {
        baseUrl: BASE_URL,
        apiKey: SERVICE_KEY,
        mode: 'sandbox',
        samples: { grupoId: [1] },
        maxRequestsPerSecond: 1_000,
        dispatcher: service.dispatcher,
      },
      clock,
    );
    expect(result.created).toEqual([]);
    expect(service.received.filter((request) => whyAllowed(request, new Set(reads)) === undefined)).toEqual(
      [],
    );
    expect(service.received.filter((request) => request.body?.includes('"loyalty-verify"'))).toEqual([]);
    const skipped = result.coverage
      .find((entry) => entry.operationId === 'clientes.create')
      ?.checks.find((check) => check.check === 'sandbox: create a customer');
    expect(skipped).toEqual({
      check: 'sandbox: create a customer',
      outcome: 'skipped',
      how: 'skipped',
      note: 'clientes.create is not asked for or not listed for the key',
    });
  });
});
