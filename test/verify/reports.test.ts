/** The reports (issue 27, point 6): Markdown for people, JUnit XML for CI; JSON is the result itself. */
import { describe, expect, it } from 'vitest';
import { renderJUnitReport, renderMarkdownReport } from '../../src/verify/index.js';
import { escapeXml } from '../../src/verify/report/junit.js';
import type { Finding, VerifyResult } from '../../src/verify/types.js';

const finding = (severity: Finding['severity'], location: string, extra: Partial<Finding> = {}): Finding => ({
  kind: 'field-type',
  operationId: 'clientes.retrieve',
  location,
  expected: 'string',
  observed: 'integer',
  severity,
  basis: 'reference',
  reproduce: `curl -sS -X GET 'https://svc.test/ext/v3/clientes/cli_0001' -H "apikey: $LOYALTY_API_KEY"`,
  ...extra,
});

const result = (overrides: Partial<VerifyResult> = {}): VerifyResult => ({
  verdict: 'differs',
  findings: [
    finding('info', 'response.200.data.a'),
    finding('breaking', 'response.200.data.b'),
    finding('differs', 'response.200.data.c'),
  ],
  coverage: [
    {
      operationId: 'clientes.retrieve',
      checks: [
        { check: 'document', outcome: 'observed', how: 'observed' },
        {
          check: 'read: the record shape',
          outcome: 'assumed',
          how: 'assumed',
          note: 'the list came back empty',
        },
        {
          check: 'dry run: the answer shape',
          outcome: 'skipped',
          how: 'skipped',
          note: 'no grupoId in samples',
        },
      ],
    },
  ],
  profile: {
    format: 'loyalty-sdk/service-profile',
    version: 2,
    origin: 'https://svc.test',
    measuredAt: '2026-11-25T00:00:00.000Z',
    sdkVersion: '0.1.0',
    calibrations: [],
    entries: [],
  },
  requests: [
    { method: 'GET', path: '/ext/v3/openapi.json', purpose: 'discovery', status: 200, durationMs: 3 },
  ],
  created: [],
  writesAccepted: [],
  ...overrides,
});

describe('Markdown report', () => {
  it('one finding from one request is said in the singular', () => {
    const text = renderMarkdownReport(result({ findings: [finding('info', 'response.200.data.a')] }));
    expect(text).toContain('for `https://svc.test`: 1 finding (');
    expect(text).toContain(') from 1 request.');
  });

  it('several findings from several requests are said in the plural', () => {
    const requests = [...result().requests, ...result().requests];
    const text = renderMarkdownReport(result({ requests }));
    expect(text).toContain('for `https://svc.test`: 3 findings (');
    expect(text).toContain(') from 2 requests.');
  });

  it('opens with the verdict, then the findings by severity (breaking, differs, info), then coverage per operation', () => {
    const text = renderMarkdownReport(result());
    expect(text.split('\n')[0]).toBe('# loyalty verify: differs');
    const order = [
      '**Verdict: differs**',
      '### Breaking (1)',
      'response.200.data.b',
      '### Differs (1)',
      'response.200.data.c',
      '### Info (1)',
      'response.200.data.a',
      '## Coverage',
      '### clientes.retrieve (1 observed, 0 inferred, 1 assumed, 1 skipped)',
    ];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toContain('expected `string`, observed `integer`');
    expect(text).toContain('-H "apikey: $LOYALTY_API_KEY"');
    expect(text).toContain('| read: the record shape | assumed | the list came back empty |');
  });

  it('the verdict line counts the findings by basis and names the checks not run, by reason', () => {
    const findings = [
      finding('breaking', 'request.body.titulo', {
        basis: 'spec',
        rule: 'body titulo: at most 120 characters',
      }),
      finding('info', 'response.200.data.a'),
      finding('differs', 'response.200.data.c'),
    ];
    const text = renderMarkdownReport(result({ findings }));
    expect(text).toContain(
      "3 findings (1 breaking, 1 differs, 1 info; 1 on the spec's rules, 2 on the reference's choices) from 1 request.",
    );
    expect(text).toContain('\n\nNot run: 1 check not run: no identifier to read \\(--sample\\).\n');
  });

  it("each finding says whose rule it holds the service to, quoting the spec's", () => {
    const text = renderMarkdownReport(
      result({
        findings: [
          finding('breaking', 'request.body.titulo', {
            basis: 'spec',
            rule: 'body titulo: at most 120 characters',
          }),
          finding('info', 'response.200.data.a'),
        ],
      }),
    );
    expect(text).toContain("observed `integer` (the spec's rule: body titulo: at most 120 characters)");
    expect(text).toContain("observed `integer` (the reference's choice)");
  });

  it('an unverified run says why, right after the verdict', () => {
    const text = renderMarkdownReport(
      result({
        verdict: 'unverified',
        findings: [],
        coverage: [],
        reason: 'A proxy or gateway answered 502 to GET /ext/v3/openapi.json, not the API.',
        failure: 'gateway',
      }),
    );
    expect(text).toMatch(
      /^# loyalty verify: unverified\n\n\*\*Verdict: unverified\*\*[^\n]*\n\nReason: A proxy or gateway answered 502/,
    );
  });
});

describe('JUnit report', () => {
  it('a suite per operation, a case per check, a failing case per finding; skipped checks marked', () => {
    const xml = renderJUnitReport(result());
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="loyalty verify" tests="7" failures="3">',
      ),
    ).toBe(true);
    expect(xml).toContain('<testsuite name="clientes.retrieve" tests="6" failures="3" skipped="1">');
    expect(xml).toContain('<testcase classname="clientes.retrieve" name="document"/>');
    expect(xml).toContain('<skipped message="no grupoId in samples"/>');
    expect(xml).toContain('<testcase classname="clientes.retrieve" name="field-type response.200.data.b">');
    expect(xml).toContain(
      '<failure type="field-type" message="breaking (the reference&apos;s choice): expected string, observed integer">',
    );
  });

  it('the verdict case says the verdict line: findings by basis, checks not run', () => {
    const xml = renderJUnitReport(result());
    expect(xml).toContain(
      '<system-out>differs; 3 findings: 3 on the reference&apos;s choices; 1 check not run: no identifier to read (--sample)</system-out>',
    );
  });

  it('an unverified run fails the verdict case with its reason', () => {
    const xml = renderJUnitReport(
      result({ verdict: 'unverified', findings: [], coverage: [], reason: 'The key holds no scope.' }),
    );
    expect(xml).toContain('<testsuite name="service" tests="1" failures="1" skipped="0">');
    expect(xml).toContain('<failure type="unverified" message="The key holds no scope.">');
  });

  it('escapes what XML cannot hold as it is', () => {
    const xml = renderJUnitReport(
      result({
        findings: [
          finding('breaking', 'request.body.<titulo>', { expected: 'a "quoted" & <b>', observed: "it's" }),
        ],
      }),
    );
    expect(xml).toContain('name="field-type request.body.&lt;titulo&gt;"');
    expect(xml).toContain('expected a &quot;quoted&quot; &amp; &lt;b&gt;, observed it&apos;s');
    expect(xml).not.toMatch(/<titulo>|<b>/);
  });

  it.each([
    ['&<>"\'', '&amp;&lt;&gt;&quot;&apos;'],
    ['tab\tand newline\n kept', 'tab\tand newline\n kept'],
    ['control \u0001 and \uFFFE dropped', 'control  and  dropped'],
  ])('escapeXml(%j) is %j', (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });
});
