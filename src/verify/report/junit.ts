import type { Finding, VerifyResult } from '../types.js';
import { findingsByBasis, notRunLine } from './verdict-line.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an XML attribute or element: the five entities escaped, characters XML cannot hold dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[&<>"']/g, (char) => ENTITIES[char] as string)
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

interface Case {
  name: string;
  failure?: { type: string; message: string; body: string };
  skipped?: string;
  /** What the case says besides passing or failing (the verdict line). */
  out?: string;
}

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function findingCase(finding: Finding): Case {
  return {
    name: `${finding.kind} ${finding.location}`,
    failure: {
      type: finding.kind,
      message: `${finding.severity} (${finding.basis === 'spec' ? "the spec's rule" : "the reference's choice"}${finding.rule === undefined ? '' : `: ${finding.rule}`}): expected ${json(finding.expected)}, observed ${json(finding.observed)}`,
      body: finding.reproduce,
    },
  };
}

function renderCase(suite: string, item: Case): string {
  const open = `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(item.name)}"`;
  if (item.failure)
    return `${open}>\n      <failure type="${escapeXml(item.failure.type)}" message="${escapeXml(item.failure.message)}">${escapeXml(item.failure.body)}</failure>\n    </testcase>`;
  if (item.skipped !== undefined)
    return `${open}>\n      <skipped message="${escapeXml(item.skipped)}"/>\n    </testcase>`;
  if (item.out !== undefined)
    return `${open}>\n      <system-out>${escapeXml(item.out)}</system-out>\n    </testcase>`;
  return `${open}/>`;
}

function renderSuite(name: string, cases: Case[]): string {
  const failures = cases.filter((item) => item.failure).length;
  const skipped = cases.filter((item) => item.skipped !== undefined).length;
  return [
    `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases.map((item) => renderCase(name, item)),
    '  </testsuite>',
  ].join('\n');
}

/**
 * The result for CI: a test suite per operation, a test case per check (skipped ones marked), a
 * failing test case per finding; the `verdict` case of the `service` suite says the verdict line
 * (the findings by basis, the checks not run), and fails when the run is `unverified`.
 */
export function renderJUnitReport(result: VerifyResult): string {
  const suites = new Map<string, Case[]>();
  const service: Case[] = [
    {
      name: 'verdict',
      out: [result.verdict, findingsByBasis(result.findings), notRunLine(result.coverage)]
        .filter(Boolean)
        .join('; '),
      ...(result.verdict === 'unverified'
        ? { failure: { type: 'unverified', message: result.reason ?? 'too little ran to say', body: '' } }
        : {}),
    },
  ];
  suites.set('service', service);
  for (const { operationId, checks } of result.coverage)
    suites.set(
      operationId,
      checks.map((check) => ({
        name: check.check,
        ...(check.outcome === 'skipped' ? { skipped: check.note ?? 'skipped' } : {}),
        // Sent and undecided, or not sent for safety: neither passed nor failed.
        ...(check.outcome === 'inconclusive' || check.outcome === 'unsafe'
          ? { skipped: `${check.outcome}: ${check.note ?? ''}` }
          : {}),
      })),
    );
  for (const finding of result.findings) {
    const name = finding.operationId ?? 'service';
    suites.set(name, [...(suites.get(name) ?? []), findingCase(finding)]);
  }
  const all = [...suites.values()].flat();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="loyalty verify" tests="${all.length}" failures="${all.filter((item) => item.failure).length}">`,
    ...[...suites].map(([name, cases]) => renderSuite(name, cases)),
    '</testsuites>',
    '',
  ].join('\n');
}
