import { writeFile } from 'node:fs/promises';
import { counted, printableJson } from '../../core/index.js';
import {
  type PlannedProbe,
  renderJUnitReport,
  renderMarkdownReport,
  type VerifyProgress,
  type VerifyResult,
} from '../../verify/index.js';
import { findingsByBasis, notRunLine } from '../../verify/report/verdict-line.js';
import { printable, printOut } from '../shared/printed.js';
import { UnprintableError } from '../shared/unprintable-error.js';
import type { OutputFiles } from './args.js';

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** `--plan`: one line per request, in the order the run would send them: purpose, method, path, and what it checks. */
export function renderPlan(plan: readonly PlannedProbe[]): string {
  const purposeWidth = Math.max(...plan.map((probe) => probe.purpose.length));
  const methodWidth = Math.max(...plan.map((probe) => probe.method.length));
  const lines = plan.map((probe) => {
    // The check often opens with its purpose in words ("dry run: ..."), already in the first column.
    const said = `${probe.purpose.replace('-', ' ')}: `;
    const check = probe.check.startsWith(said) ? probe.check.slice(said.length) : probe.check;
    return `  ${probe.purpose.padEnd(purposeWidth)}  ${probe.method.padEnd(methodWidth)}  ${probe.path}  (${check})`;
  });
  return withNewline(
    [`${counted(plan.length, 'request')} would be sent (none is sent with --plan):`, ...lines].join('\n'),
  );
}

/** On a terminal, one line on stderr rewritten at each step; elsewhere nothing (stderr stays for errors). */
export function progressLine(): { onProgress?: (progress: VerifyProgress) => void; done(): void } {
  if (process.stderr.isTTY !== true) return { done() {} };
  let shown = false;
  return {
    onProgress({ sent, planned, operationId, step }) {
      shown = true;
      const line = `[${sent}/${planned}] ${operationId ?? 'service'}: ${step}`;
      process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns ?? 80) - 1)}`);
    },
    done() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/** JSON of what the run found; it quotes the service, so it is checked to be printable. */
function jsonOf(value: unknown, what: string): string {
  const text = printableJson(value, 2);
  if (text === undefined) throw new UnprintableError(what);
  return text;
}

/** A file of the run's, the key masked: what the command writes, it prints. */
const writeMasked = (file: string, text: string) => writeFile(file, printable(withNewline(text)));

/** The report (stdout unless --report) and each file asked for. */
export async function writeOutputs(result: VerifyResult, files: OutputFiles): Promise<void> {
  const markdown = renderMarkdownReport(result);
  if (files.report === undefined) printOut(markdown);
  else await writeMasked(files.report, markdown);
  if (files.json !== undefined) await writeMasked(files.json, jsonOf(result, 'the result'));
  if (files.junit !== undefined) await writeMasked(files.junit, renderJUnitReport(result));
  if (files.profileOut !== undefined)
    await writeMasked(files.profileOut, jsonOf(result.profile, 'the profile'));
}

/**
 * One line on stderr: the verdict, what was found (by basis) and sent, each write the service
 * carried out that it must refuse, the checks not run (by reason), and why when the run could not judge.
 */
export function summaryLine(result: VerifyResult): string {
  const sent = `${counted(result.requests.length, 'request')} sent`;
  const created = result.created.length > 0 ? `, ${result.created.length} created (see the report)` : '';
  const accepted = result.writesAccepted.map((write) => `${write.method} ${write.path} (${write.status})`);
  const carried = accepted.length > 0 ? `carried out a write it must refuse: ${accepted.join(', ')}` : '';
  const said = [findingsByBasis(result.findings), `${sent}${created}`, carried, notRunLine(result.coverage)];
  return `loyalty verify: ${result.verdict} (${said.filter(Boolean).join('; ')})${result.reason ? `: ${result.reason}` : ''}\n`;
}
