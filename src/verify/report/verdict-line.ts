import { counted } from '../../core/index.js';
import type { Coverage, CoverageCheck, Finding } from '../types.js';

/**
 * What the verdict line says besides the verdict, in the CLI's last line, the report's first lines
 * and the JUnit verdict: the findings by basis, and the checks not run, by reason.
 */

/** `3 on the spec's rules, 9 on the reference's choices` (each part only when there are some). */
export function byBasis(findings: readonly Finding[]): string {
  const spec = findings.filter((finding) => finding.basis === 'spec').length;
  const parts = [
    spec > 0 ? `${spec} on the spec's rules` : '',
    findings.length - spec > 0 ? `${findings.length - spec} on the reference's choices` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** `145 findings: 40 on the spec's rules, 105 on the reference's choices`. */
export function findingsByBasis(findings: readonly Finding[]): string {
  const count = counted(findings.length, 'finding');
  return findings.length === 0 ? count : `${count}: ${byBasis(findings)}`;
}

/** Why checks were not sent or not settled, by the words of the notes that say so (probes/nowhere.ts, writes.ts, plan.ts). */
const REASONS: readonly { outcome: CoverageCheck['outcome']; test: RegExp; reason: string }[] = [
  {
    outcome: 'unsafe',
    test: /would create a record/,
    reason: 'they would create a record; --mode sandbox sends them, against a sandbox',
  },
  {
    outcome: 'unsafe',
    test: /--mode sandbox sends it/,
    reason: 'no read can show their identifier names nothing; --mode sandbox sends them, against a sandbox',
  },
  {
    outcome: 'unsafe',
    test: /carried out/,
    reason:
      'the service carried out a write it must refuse, so no other request expecting a refusal was sent',
  },
  {
    outcome: 'unsafe',
    test: /./,
    reason: 'they would write, and no read answered 404 to an identifier tried',
  },
  {
    outcome: 'skipped',
    test: /^the key lacks|does not list it|lacks it|not listed for the key/,
    reason: 'the key may not call them',
  },
  {
    outcome: 'skipped',
    test: /in samples|no earlier read found/,
    reason: 'no identifier to read (--sample)',
  },
  { outcome: 'skipped', test: /429/, reason: 'the run stopped at a 429' },
  { outcome: 'skipped', test: /^no answer/, reason: 'no answer came' },
  { outcome: 'skipped', test: /./, reason: 'skipped, as the coverage says' },
];

const reasonOf = (check: CoverageCheck) =>
  REASONS.find(({ outcome, test }) => outcome === check.outcome && test.test(check.note ?? ''))?.reason;

/** The checks not sent (`unsafe`) or skipped, counted by reason, the largest count first. */
function notRun(coverage: readonly Coverage[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { checks } of coverage)
    for (const check of checks) {
      const reason = reasonOf(check);
      if (reason !== undefined) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    }
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** `69 checks not run: they would write, ...; 1 check not run: ...`; undefined when every check ran. */
export function notRunLine(coverage: readonly Coverage[]): string | undefined {
  const groups = notRun(coverage);
  if (groups.length === 0) return undefined;
  return groups.map(({ reason, count }) => `${counted(count, 'check')} not run: ${reason}`).join('; ');
}
