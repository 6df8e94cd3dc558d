/**
 * What a profile learns, and only that: a calibration comes from a finding that passed the control
 * rule and says something the reference server can follow; the profile verify writes is one every
 * reader of profiles takes (the checker's rule is the writer's).
 */
import { describe, expect, it } from 'vitest';
import { factProblem } from '../../src/server/internal.js';
import { verifyService } from '../../src/verify/index.js';
import { jsonBody } from './planted.js';
import { BASE_URL, demoSamples, type Override, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

/** A service whose applied group tag reaches `more` customers more than its dry run counted. */
const reachesMore =
  (more: number): Override =>
  (request, _, answer) => {
    const body = jsonBody(request);
    if (request.method !== 'POST' || !/\/etiquetas$/.test(request.path) || body?.dryRun !== false)
      return undefined;
    return answer().then((answered) => {
      const envelope = JSON.parse(Buffer.from(answered.body ?? '').toString('utf8'));
      envelope.data.afectados += more;
      return { ...answered, body: JSON.stringify(envelope) };
    });
  };

describe('what a profile learns', () => {
  it("a group action that reached more customers than its dry run counted is a finding on the spec's rule, and no calibration", async () => {
    const service = serviceUnderTest({ override: reachesMore(5) });
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      mode: 'sandbox',
      operations: ['grupos.etiquetas.add'],
      samples: demoSamples(service),
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'parameter',
        location: 'request.body.dryRun',
        expected: { afectados: 2 },
        observed: { afectados: 7 },
        severity: 'differs',
        basis: 'spec',
      }),
    ]);
    // How the service acted, not a rule its document declares: nothing a profile can follow.
    expect(result.profile.calibrations.filter((fact) => fact.kind === 'parameter')).toEqual([]);
  });

  it.each([
    [
      'a parameter rule the document declares',
      { kind: 'parameter', declared: { type: 'string' } },
      undefined,
    ],
    [
      "a probe's observation under a parameter",
      { kind: 'parameter', declared: { afectados: 2 } },
      'calibration.declared.afectados is not a rule (type, pattern, enum, required)',
    ],
    [
      'a limit with no limit found up to the largest value tried',
      { kind: 'limit', rules: { maxLength: 680 }, largestTried: true, source: 'probe' },
      undefined,
    ],
    [
      "a document's limit said to be the largest value tried",
      { kind: 'limit', rules: { maxLength: 680 }, largestTried: true, source: 'document' },
      "calibration.largestTried must be true, with source 'probe' and one rule, maxLength or maximum (the largest value tried)",
    ],
  ])('%s', (_, fact, problem) => {
    const base = {
      operationId: 'grupos.etiquetas.add',
      parameter: 'request.body.etiqueta',
      source: 'document',
    };
    expect(factProblem({ ...base, ...fact })).toBe(problem);
  });
});
