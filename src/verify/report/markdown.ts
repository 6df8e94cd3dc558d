import { counted } from '../../core/index.js';
import type { CoverageOutcome, Finding, Severity, VerifyResult } from '../types.js';
import { markdownCode, markdownText } from './markdown-text.js';
import { byBasis, notRunLine } from './verdict-line.js';

const SEVERITIES: Severity[] = ['breaking', 'differs', 'info'];
const TITLES: Record<Severity, string> = { breaking: 'Breaking', differs: 'Differs', info: 'Info' };

/** A value of a finding as code: strings as they are, the rest as JSON. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return markdownCode(text ?? 'undefined');
}

const OUTCOMES: CoverageOutcome[] = ['observed', 'inferred', 'assumed', 'skipped', 'inconclusive', 'unsafe'];
/** Outcomes named in an operation's tally only where one of its checks has them. */
const RARE = new Set<CoverageOutcome>(['inconclusive', 'unsafe']);

/** Whose rule a finding holds the service to, and the rule when said. */
function basisText(finding: Finding): string {
  const whose = finding.basis === 'spec' ? "the spec's rule" : "the reference's choice";
  return finding.rule === undefined ? whose : `${whose}: ${markdownText(finding.rule)}`;
}

function findingLines(finding: Finding): string[] {
  return [
    `- **${finding.kind}** ${finding.operationId === null ? 'the service' : `\`${finding.operationId}\``} at ${markdownCode(finding.location)}: expected ${shown(finding.expected)}, observed ${shown(finding.observed)} (${basisText(finding)})`,
    // verify's own command (the operator's origin and samples, its own bodies): cut, it would not run.
    `  ${markdownCode(finding.reproduce, { max: Number.POSITIVE_INFINITY })}`,
  ];
}

/** What a sandbox run made on the service, by id: what to clean up afterwards. */
function createdLines(result: VerifyResult): string[] {
  if (result.created.length === 0) return [];
  return [
    '',
    `## Created (${result.created.length})`,
    '',
    '| Kind | Id | On | By |',
    '| --- | --- | --- | --- |',
    ...result.created.map(
      (made) =>
        `| ${made.kind} | ${markdownCode(String(made.id), { inCell: true })} | ${made.on === undefined ? '' : markdownCode(String(made.on), { inCell: true })} | \`${made.operationId}\` |`,
    ),
  ];
}

/** Writes the service carried out that it must refuse: right under the verdict, each by method and path. */
function acceptedLines(result: VerifyResult): string[] {
  const accepted = result.writesAccepted;
  if (accepted.length === 0) return [];
  return [
    '',
    `**The service carried out ${counted(accepted.length, 'write')} it must refuse**; no other request expecting a refusal was sent after the first:`,
    '',
    ...accepted.map(
      (write) =>
        `- ${markdownCode(`${write.method} ${write.path}`)} answered ${write.status}, sent for ${markdownText(write.why)}`,
    ),
  ];
}

function countBy<T extends string>(items: readonly { severity: T }[], value: T): number {
  return items.filter((item) => item.severity === value).length;
}

/**
 * The result for people: the verdict first (and why, when it is unverified), then the findings by
 * severity, then what was checked for each operation and how it is known.
 */
export function renderMarkdownReport(result: VerifyResult): string {
  const lines: string[] = [`# loyalty verify: ${result.verdict}`, ''];
  const counts = SEVERITIES.map((severity) => `${countBy(result.findings, severity)} ${severity}`).join(', ');
  const basis = result.findings.length > 0 ? `; ${byBasis(result.findings)}` : '';
  lines.push(
    `**Verdict: ${result.verdict}** for ${result.profile.origin ? markdownCode(result.profile.origin) : 'the service'}: ${counted(result.findings.length, 'finding')} (${counts}${basis}) from ${counted(result.requests.length, 'request')}.`,
  );
  lines.push(...acceptedLines(result));
  const notRun = notRunLine(result.coverage);
  if (notRun) lines.push('', `Not run: ${markdownText(notRun)}.`);
  if (result.reason) lines.push('', `Reason: ${markdownText(result.reason)}`);
  lines.push('', '## Findings');
  if (result.findings.length === 0) lines.push('', 'None.');
  for (const severity of SEVERITIES) {
    const group = result.findings.filter((finding) => finding.severity === severity);
    if (group.length === 0) continue;
    lines.push('', `### ${TITLES[severity]} (${group.length})`, '', ...group.flatMap(findingLines));
  }
  lines.push(...createdLines(result), '', '## Coverage');
  if (result.coverage.length === 0) lines.push('', 'Nothing was checked.');
  for (const { operationId, checks } of result.coverage) {
    const tally = OUTCOMES.filter(
      (outcome) => !RARE.has(outcome) || checks.some((check) => check.outcome === outcome),
    )
      .map((outcome) => `${checks.filter((check) => check.outcome === outcome).length} ${outcome}`)
      .join(', ');
    lines.push('', `### ${operationId} (${tally})`, '', '| Check | How | Note |', '| --- | --- | --- |');
    for (const check of checks)
      lines.push(`| ${markdownText(check.check)} | ${check.outcome} | ${markdownText(check.note ?? '')} |`);
  }
  return `${lines.join('\n')}\n`;
}
