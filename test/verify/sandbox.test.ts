/**
 * Sandbox mode (issue 27, point 4) measured on services whose answers we know: the reference
 * server itself agrees, with zero findings; the divergent twin differs by each of its plants, the
 * two only a sandbox run can see too, and nothing else; the list of what the run created is whole.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdownReport } from '../../src/verify/index.js';
import { VERIFY_MARK } from '../../src/verify/sandbox/plan.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { createDivergentTwin } from './divergent-twin.js';
import { SANDBOX_PLANTS } from './planted.js';
import { BASE_URL, demoSamples, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

/** The reference server's own limits (a sandbox run measures them); paced under its 100 a second. */
const LIMITED = { limits: { rateLimit: { limit: 100, windowMs: 1_000 } } };
const PACE = 50;
/**
 * The runs and the services share a virtual clock: the pace and the quiet window before the burst
 * cost no real time, and the service's rate-limit windows pass as the run waits.
 */
const clock = createVirtualClock();

const keyOf = (item: { kind: string; operationId: string | null; location: string }) =>
  `${item.kind} ${item.operationId ?? '(service)'} ${item.location}`;

describe('sandbox mode against the reference server', () => {
  const service = serviceUnderTest({ engine: LIMITED, clock });
  const samples = demoSamples(service);
  const store = () => service.engine.state.data.store;
  /** Every customer as it was: copies, so the run's changes show. */
  const before = new Map([...store().customers].map(([uid, customer]) => [uid, structuredClone(customer)]));
  const run = verifyServiceWithClock(
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

  it('agrees, with zero findings, and every sandbox check observed', async () => {
    const result = await run;
    expect(result.findings).toEqual([]);
    expect(result.verdict).toBe('agrees');
    const sandboxChecks = result.coverage.flatMap(({ operationId, checks }) =>
      checks
        .filter((check) => check.check.startsWith('sandbox: '))
        .map((check) => `${operationId} ${check.outcome} ${check.check}`),
    );
    expect(sandboxChecks.filter((line) => !line.includes(' observed '))).toEqual([]);
    expect(sandboxChecks).toHaveLength(11);
  });

  it('lists everything it created or changed, and nothing else changed: a customer, its movement, the tag on the group', async () => {
    const result = await run;
    const made = [...store().customers.values()].filter((customer) => !before.has(customer.uid));
    expect(made).toHaveLength(1);
    const uid = made[0]?.uid as string;
    expect(made[0]).toMatchObject({ nombre: VERIFY_MARK, puntos: 1 });
    const movements = service.engine.admin.audit();
    expect(movements.map((movement) => movement.uid)).toEqual([uid]);
    expect(result.created).toEqual([
      { kind: 'customer', id: uid, operationId: 'clientes.create' },
      ...movements.map(({ movimientoId }) => ({
        kind: 'movement',
        id: movimientoId,
        operationId: 'clientes.puntos.add',
        on: uid,
      })),
      { kind: 'tag', id: VERIFY_MARK, operationId: 'grupos.etiquetas.add', on: samples.grupoId[0] },
    ]);
    const members = new Set(store().groups.get(samples.grupoId[0] as number)?.uids);
    for (const [other, was] of before) {
      const now = structuredClone(store().customers.get(other));
      if (members.has(other) && now) now.etiquetas = now.etiquetas.filter((tag) => tag !== VERIFY_MARK);
      expect(now, other).toEqual(was);
    }
    expect(service.engine.admin.notifications()).toEqual([]);
    const report = renderMarkdownReport(result);
    expect(report).toContain('## Created (3)');
    expect(report).toContain(`| customer | \`${uid}\` |`);
  });

  it('records in the profile the burst (requests let through, the 429 and its Retry-After) and what the keys sent again got', async () => {
    const result = await run;
    const entry = (path: string) => result.profile.entries.find((item) => item.path === path)?.value;
    expect(entry('rateLimit.burst')).toMatchObject({ accepted: 100, limited: true, sent: 101, bound: 200 });
    expect(entry('rateLimit.retryAfter')).toEqual({ present: true, value: '1' });
    expect(result.requests.filter((request) => request.purpose === 'burst')).toHaveLength(101);
    const burst = result.coverage
      .find((entry) => entry.operationId === 'tareas.list')
      ?.checks.find((check) => check.check.startsWith('sandbox: a burst'));
    expect(burst?.note).toMatch(/^100 let through in \d+ ms, then 429 with Retry-After 1$/);
    expect(entry('idempotency.replay')).toEqual({ status: 200, answer: 'the original', replayed: 'true' });
    expect(entry('idempotency.other-body')).toEqual({ status: 409, codigoRespuesta: 9409 });
    expect(entry('idempotency.other-operation')).toEqual({ status: 409, codigoRespuesta: 9409 });
  });
});

describe('sandbox mode against the divergent twin', () => {
  it('finds every plant, the sandbox ones too, by kind, operation and location, and nothing else', async () => {
    const twin = createDivergentTwin(undefined, { now: clock.now });
    const result = await verifyServiceWithClock(
      {
        baseUrl: 'http://twin.invalid',
        apiKey: twin.apiKey,
        mode: 'sandbox',
        samples: twin.samples,
        maxRequestsPerSecond: PACE,
        dispatcher: twin.dispatcher,
      },
      clock,
    );
    const planted = SANDBOX_PLANTS.map(keyOf).sort();
    expect(result.findings.map(keyOf).sort()).toEqual(planted);
    expect(
      result.findings.find((finding) => finding.location === 'header.Idempotent-Replayed'),
    ).toMatchObject({
      kind: 'idempotency',
      expected: 'true',
      observed: 'absent',
    });
    expect(result.verdict).toBe('differs');
    expect(JSON.stringify(result)).not.toContain(twin.apiKey);
    // The twin carries out the replay, the other body and the other operation's key: each made something.
    expect(result.created.map((made) => made.kind)).toEqual([
      'customer',
      'customer',
      'movement',
      'movement',
      'movement',
      'tag',
    ]);
  });
});
