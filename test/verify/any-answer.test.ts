/**
 * No answer crashes verify (issue 45, point 3): whatever a service sends after its OpenAPI document
 * (any JSON, an empty body, an envelope without `data` or with `data` of any shape, a record with a
 * field changed to any value, any status), the run ends with a verdict, its JSON and its reports.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineResponse } from '../../src/server/internal.js';
import { renderJUnitReport, renderMarkdownReport } from '../../src/verify/index.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { checkProperty, runsFor, timeoutFor } from '../support/property-runs.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { lenientService } from './lenient-service.js';
import { BASE_URL, demoSamples, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

type Json = Record<string, unknown>;

/** How the service answers one request: as the reference would, or changed. */
type Answer =
  | { kind: 'reference' }
  | { kind: 'raw'; status: number; body: string }
  | { kind: 'data'; status: number; data: unknown; absent: boolean }
  | { kind: 'field'; pick: number; value: unknown; absent: boolean };

const status = fc.oneof(
  fc.constantFrom(200, 204, 400, 401, 403, 404, 409, 422, 429, 500, 502),
  fc.integer({ min: 200, max: 599 }),
);

const answer: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'reference' as const }) },
  fc.record({
    kind: fc.constant('raw' as const),
    status,
    body: fc.oneof(
      fc.json(),
      fc.constant(''),
      fc.string(),
      fc.anything().map((value) => JSON.stringify(value) ?? ''),
    ),
  }),
  fc.record({
    kind: fc.constant('data' as const),
    status: fc.oneof(fc.constant(200), status),
    data: fc.jsonValue(),
    absent: fc.boolean(),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('field' as const),
      pick: fc.nat(),
      value: fc.jsonValue(),
      absent: fc.boolean(),
    }),
  },
);

/** The reference's answer with `data` (or one field of its record, the first item's for a list) changed. */
function changed(reference: EngineResponse, how: Answer): EngineResponse {
  if (how.kind === 'reference') return reference;
  if (how.kind === 'raw') return { ...reference, status: how.status, body: how.body };
  const envelope = JSON.parse(reference.body) as Json;
  if (how.kind === 'data') {
    if (how.absent) delete envelope.data;
    else envelope.data = how.data;
    return { ...reference, status: how.status, body: JSON.stringify(envelope) };
  }
  const record = (Array.isArray(envelope.data) ? envelope.data[0] : envelope.data) as Json | undefined;
  const names = record !== null && typeof record === 'object' ? Object.keys(record) : [];
  const name = names[how.pick % Math.max(1, names.length)];
  if (record && name !== undefined) {
    if (how.absent) delete record[name];
    else record[name] = how.value;
  }
  return { ...reference, body: JSON.stringify(envelope) };
}

/** Every place in a JSON value, as the path of keys to it. */
function places(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  out.push(at);
  if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) places(item, [...at, key], out);
  return out;
}

/** A place in the OpenAPI document (chosen by `pick` among all) and the JSON set there. */
interface DocumentChange {
  pick: number;
  value: unknown;
}

/** The OpenAPI document's answer with each change made to `data` in turn. */
function changedDocument(reference: EngineResponse, changes: readonly DocumentChange[]): EngineResponse {
  const envelope = JSON.parse(reference.body) as Json;
  for (const { pick, value } of changes) {
    const all = places(envelope.data).filter((path) => path.length > 0);
    const path = all[pick % all.length] as string[];
    const holder = path.slice(0, -1).reduce((at, key) => (at as Json)[key], envelope.data) as Json;
    holder[path.at(-1) as string] = value;
  }
  return { ...reference, body: JSON.stringify(envelope) };
}

/**
 * A run against a service answering request N after discovery by `answers[N % length]`, and its
 * OpenAPI document with the `document` changes.
 */
async function runAgainst(
  answers: readonly Answer[],
  mode: 'safe' | 'sandbox',
  document: readonly DocumentChange[] = [],
) {
  let next = 0;
  const service = serviceUnderTest({
    override: async (request, _, reference) => {
      if (!request.path.endsWith('/openapi.json'))
        return changed(await reference(), answers[next++ % answers.length] as Answer);
      return document.length > 0 ? changedDocument(await reference(), document) : reference();
    },
  });
  return verifyServiceWithClock(
    {
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      mode,
      samples: demoSamples(service),
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    },
    createVirtualClock(),
  );
}

const RUNS = runsFor(30);

/** What every run must end with, whatever it met: a verdict, its JSON and its reports. */
function expectWhole(result: Awaited<ReturnType<typeof runAgainst>>): void {
  expect(['agrees', 'differs', 'unverified']).toContain(result.verdict);
  expect(JSON.parse(JSON.stringify(result)).verdict).toBe(result.verdict);
  expect(renderMarkdownReport(result)).toMatch(/^# loyalty verify: /);
  expect(renderJUnitReport(result)).toContain('<testsuites');
}

describe('no answer crashes verify', () => {
  it(
    'a service answering anything after its document: every run ends with a verdict, its JSON and its reports',
    async () => {
      await checkProperty(
        'verify against any answers',
        fc.asyncProperty(
          fc.array(answer, { minLength: 1, maxLength: 12 }),
          fc.constantFrom('safe' as const, 'sandbox' as const),
          async (answers, mode) => expectWhole(await runAgainst(answers, mode)),
        ),
        RUNS,
      );
    },
    timeoutFor(RUNS, 300),
  );

  it(
    'an OpenAPI document with a few places changed to any JSON: every run ends with a verdict, its JSON and its reports',
    async () => {
      await checkProperty(
        'verify against any document',
        fc.asyncProperty(
          fc.array(fc.record({ pick: fc.nat(), value: fc.jsonValue() }), { minLength: 1, maxLength: 3 }),
          fc.array(answer, { minLength: 1, maxLength: 4 }),
          fc.constantFrom('safe' as const, 'sandbox' as const),
          async (document, answers, mode) => expectWhole(await runAgainst(answers, mode, document)),
        ),
        RUNS,
      );
    },
    timeoutFor(RUNS, 300),
  );

  it('a 200 envelope without data: a field-missing finding at response.200.data, not a crash', async () => {
    const service = await lenientService();
    try {
      const result = await verifyServiceWithClock(
        {
          baseUrl: service.baseUrl,
          apiKey: 'any key at all',
          operations: ['promociones.cupones.list'],
          samples: { regaloId: [1] },
          maxRequestsPerSecond: 1_000,
        },
        createVirtualClock(),
      );
      expect(result.verdict).toBe('differs');
      expect(result.findings).toContainEqual(
        expect.objectContaining({
          kind: 'field-missing',
          operationId: 'promociones.cupones.list',
          location: 'response.200.data',
          observed: 'absent',
          severity: 'breaking',
        }),
      );
    } finally {
      await service.close();
    }
  });
});
