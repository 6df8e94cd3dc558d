/**
 * verify holds the values of every answer to the value rules of the document's records (issue
 * 45): a service that answers what the spec rules out (a task status of 7, a dry run that says it
 * ran, a negative count, an empty uid) gets a `value` finding that names the rule and shows the
 * number or boolean seen, never a string's value. An identifier the service made up that the
 * table's rule for that parameter refuses is never built on.
 */
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/operations/limits.js';
import { changeEnvelope } from '../../src/server/profile/json.js';
import type { Finding, OperationId, VerifyMode, VerifyResult } from '../../src/verify/types.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import {
  BASE_URL,
  demoSamples,
  type Override,
  type Received,
  SERVICE_KEY,
  serviceUnderTest,
} from './service-under-test.js';

type Json = Record<string, unknown>;

/** A service whose answers to `method` on paths matching `path` (below /ext/v3) carry `data` as `change` makes it. */
function careless(method: string, path: RegExp, change: (data: unknown) => unknown): Override {
  return (request, _, answer) => {
    if (request.method !== method || !path.test(request.path.slice(API_PREFIX.length))) return undefined;
    return answer().then((response) =>
      response.status !== 200
        ? response
        : changeEnvelope(response, (envelope) => {
            envelope.data = change(envelope.data);
          }),
    );
  };
}

/** `change` applied to each record of `data` (each item of a list). */
const eachRecord =
  (change: (record: Json) => void) =>
  (data: unknown): unknown => {
    for (const record of Array.isArray(data) ? data : [data]) change(record as Json);
    return data;
  };

async function verifyAgainst(
  override: Override | undefined,
  operations: OperationId[] | undefined,
  mode: VerifyMode = 'safe',
): Promise<{ result: VerifyResult; received: Received[] }> {
  const clock = createVirtualClock();
  const service = serviceUnderTest({ clock, ...(override ? { override } : {}) });
  const result = await verifyServiceWithClock(
    {
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      mode,
      ...(operations ? { operations } : {}),
      samples: demoSamples(service),
      maxRequestsPerSecond: 50,
      dispatcher: service.dispatcher,
    },
    clock,
  );
  return { result, received: service.received };
}

const values = (result: VerifyResult): Finding[] => result.findings.filter((one) => one.kind === 'value');

describe('a value the spec rules out is a value finding', () => {
  it.each([38_127, 7])(
    'a task status of %i (the spec: 1 active, 0 inactive), shown as seen',
    async (status) => {
      const override = careless(
        'GET',
        /^\/tareas$/,
        eachRecord((task) => Object.assign(task, { status })),
      );
      const { result } = await verifyAgainst(override, ['tareas.list']);
      expect(values(result)).toEqual([
        expect.objectContaining({
          operationId: 'tareas.list',
          location: 'response.200.data[].status',
          expected: { enum: [0, 1] },
          observed: status,
          severity: 'breaking',
          basis: 'spec',
          rule: 'Task: has an activation status: 1 active, 0 inactive.',
        }),
      ]);
      expect(result.verdict).toBe('differs');
    },
  );

  it('a group dry run answered dryRun: false says it ran', async () => {
    const override = careless(
      'POST',
      /^\/grupos\/\d+\/puntos$/,
      eachRecord((answer) => Object.assign(answer, { dryRun: false })),
    );
    const { result } = await verifyAgainst(override, ['grupos.puntos.add']);
    expect(values(result)).toEqual([
      expect.objectContaining({
        operationId: 'grupos.puntos.add',
        location: 'response.200.data.dryRun',
        expected: { enum: [true] },
        observed: false,
        severity: 'breaking',
        basis: 'spec',
      }),
    ]);
  });

  it('a negative count of the customers a group action reaches', async () => {
    const override = careless(
      'POST',
      /^\/grupos\/\d+\/etiquetas$/,
      eachRecord((answer) => Object.assign(answer, { afectados: -3 })),
    );
    const { result } = await verifyAgainst(override, ['grupos.etiquetas.add']);
    expect(values(result)).toEqual([
      expect.objectContaining({
        location: 'response.200.data.afectados',
        expected: { minimum: 0 },
        observed: -3,
        basis: 'spec',
      }),
    ]);
  });

  it.each([
    ['an empty uid', '', { minLength: 1 }, 'empty string'],
    ['a uid over 128 characters', `private-${'x'.repeat(130)}`, { maxLength: 128 }, '138 characters'],
  ])('a customer read with %s: the rule and what broke it, never the string', async (_, uid, rule, said) => {
    const override = careless(
      'GET',
      /^\/clientes\/[^/]+$/,
      eachRecord((customer) => Object.assign(customer, { uid })),
    );
    const { result } = await verifyAgainst(override, ['clientes.retrieve']);
    expect(values(result)).toEqual([
      expect.objectContaining({ location: 'response.200.data.uid', expected: rule, observed: said }),
    ]);
    if (uid !== '') expect(JSON.stringify(result)).not.toContain('private-');
  });

  it("a movement's date that is no date-time: said so, the text never shown", async () => {
    const override = careless(
      'GET',
      /^\/clientes\/[^/]+\/puntos$/,
      eachRecord((movement) => Object.assign(movement, { fecha: 'ayer, private' })),
    );
    const { result } = await verifyAgainst(override, ['clientes.puntos.list']);
    expect(values(result)).toEqual([
      expect.objectContaining({
        location: 'response.200.data[].fecha',
        expected: { format: 'date-time' },
        observed: 'not a date-time',
        severity: 'differs',
        basis: 'reference',
      }),
    ]);
    expect(JSON.stringify(result)).not.toContain('private');
  });

  it('an empty report catalog lacks each dataset the spec names (field-missing, breaking)', async () => {
    const { result } = await verifyAgainst(
      careless('GET', /^\/reportes\/catalogo$/, () => ({})),
      ['reportes.catalogo.retrieve'],
    );
    expect(result.findings.map((one) => [one.kind, one.location, one.severity])).toEqual(
      ['compras', 'lealtad', 'usuarios', 'wallet_descargas'].map((name) => [
        'field-missing',
        `response.200.data.${name}`,
        'breaking',
      ]),
    );
  });
});

describe('the reference server answers no value its document rules out', () => {
  it.each<VerifyMode>(['safe', 'sandbox'])(
    'a %s run of every operation finds no value finding',
    async (mode) => {
      const { result } = await verifyAgainst(undefined, undefined, mode);
      expect(values(result)).toEqual([]);
    },
  );
});

describe('nothing is built on an identifier the service made up that the table refuses', () => {
  const CUSTOMER: OperationId[] = [
    'clientes.create',
    'clientes.retrieve',
    'clientes.puntos.add',
    'clientes.puntos.list',
  ];
  const createdWith = (uid: string) =>
    careless(
      'POST',
      /^\/clientes$/,
      eachRecord((customer) => Object.assign(customer, { uid })),
    );

  it.each([
    ['""', ''],
    ['".."', '..'],
  ])(
    'a creation answered with uid %s: a value finding, and the checks that needed it are inconclusive',
    async (_, uid) => {
      const { result, received } = await verifyAgainst(createdWith(uid), CUSTOMER, 'sandbox');
      expect(values(result)).toEqual([
        expect.objectContaining({
          operationId: 'clientes.create',
          location: 'response.200.data.uid',
          severity: 'breaking',
        }),
      ]);
      // No request names it: no `/clientes/`, `/clientes//puntos`, `/clientes/../puntos`.
      const built = received.filter((one) => /^\/ext\/v3\/clientes\/(|\.\.)(\/|$)/.test(one.path));
      expect(built).toEqual([]);
      expect(result.findings.filter((one) => one.kind !== 'value')).toEqual([]);
      expect(result.profile.calibrations.filter((fact) => fact.kind === 'idempotency')).toEqual([]);
      const checks = result.coverage.flatMap((entry) => entry.checks);
      const naming = checks.filter((check) =>
        /created customer|points added|another body|another operation/.test(check.check),
      );
      expect(naming.map((check) => check.outcome)).toEqual(Array(6).fill('inconclusive'));
      // The replay names no customer: the creation is sent again, and its answer compared.
      expect(checks.find((check) => check.check.endsWith('(a replay)'))).toMatchObject({
        outcome: 'observed',
      });
    },
  );

  it.each([
    ['-5', -5],
    ['a string', 'abc'],
  ])('a promotion listed with regaloId %s: its coupons are never read at that id', async (_, regaloId) => {
    const override = careless(
      'GET',
      /^\/promociones$/,
      eachRecord((promotion) => Object.assign(promotion, { regaloId })),
    );
    const { result, received } = await verifyAgainst(override, [
      'promociones.list',
      'promociones.cupones.list',
    ]);
    const atThatId = received.filter((one) => one.path === `${API_PREFIX}/promociones/${regaloId}/cupones`);
    expect(atThatId).toEqual([]);
    const cupones = result.coverage.find((entry) => entry.operationId === 'promociones.cupones.list');
    expect(cupones?.checks.find((check) => check.check.startsWith('read'))).toMatchObject({
      outcome: 'skipped',
    });
  });
});
