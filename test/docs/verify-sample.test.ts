/**
 * docs/verify.md's "A run against the divergent twin" is that run, as it is today: its sample is
 * the report a safe run against the twin renders (cut after the first operation's coverage, as the
 * page cuts it; the run's own part of each Idempotency-Key aside), and the counts around it are
 * the twin's plants and the run's requests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { counted } from '../../src/core/index.js';
import { renderMarkdownReport } from '../../src/verify/index.js';
import type { ProbePurpose, SentRequest, VerifyResult } from '../../src/verify/types.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { createDivergentTwin } from '../verify/divergent-twin.js';
import { ALL_PLANTS, SAFE_PLANTS } from '../verify/planted.js';

const HEADING = '## A run against the divergent twin';
const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'verify.md'), 'utf8');

/** The section's lines, down to the next heading of its level outside a fenced block. */
function section(): string {
  const lines = DOC.split('\n');
  const start = lines.indexOf(HEADING);
  expect(start, `docs/verify.md has "${HEADING}"`).toBeGreaterThanOrEqual(0);
  let fenced = false;
  let end = start + 1;
  for (; end < lines.length; end += 1) {
    const line = lines[end] as string;
    if (/^```/.test(line)) fenced = !fenced;
    else if (!fenced && line.startsWith('## ')) break;
  }
  return lines.slice(start, end).join('\n');
}

/** The section's ````markdown block. */
function docSample(): string {
  const block = /^````markdown\n([\s\S]*?)^````$/m.exec(section())?.[1];
  expect(block, `a \`\`\`\`markdown block in "${HEADING}"`).toBeDefined();
  return block as string;
}

/** The section's prose, its blocks left out and its line breaks as spaces. */
const prose = () =>
  section()
    .replace(/^````[\s\S]*?^````$/gm, '')
    .replace(/\s+/g, ' ');

/** The port is fixed: the twin answers in process (`dispatcher`), so the origin is only what the report shows. */
const ORIGIN = 'http://127.0.0.1:4011';

/** The page's run: safe, the twin's samples, at most 50 a second, on a virtual clock (no real waiting). */
async function twinRun(): Promise<VerifyResult> {
  const clock = createVirtualClock();
  const twin = createDivergentTwin(ALL_PLANTS, { now: clock.now });
  return verifyServiceWithClock(
    {
      baseUrl: ORIGIN,
      apiKey: twin.apiKey,
      mode: 'safe',
      samples: twin.samples,
      maxRequestsPerSecond: 50,
      dispatcher: twin.dispatcher,
    },
    clock,
  );
}

let run: Promise<VerifyResult> | undefined;
/** One run, shared by the tests that read it. */
const result = () => {
  run ??= twinRun();
  return run;
};

/** Each run's Idempotency-Keys are `loyalty-verify-<8 hex of the run>-<nnn>`: the run's part is its own. */
const runNeutral = (text: string) =>
  text.replace(/loyalty-verify-[0-9a-f]{8}-(?=\d{3}\b)/g, 'loyalty-verify-<run>-');

/** The report as the page shows it: down to the end of the first operation's coverage, then `...`. */
function cut(report: string): string {
  const coverage = report.indexOf('\n## Coverage\n');
  const second = report.indexOf('\n### ', report.indexOf('\n### ', coverage) + 1);
  return second < 0 ? report : `${report.slice(0, second).trimEnd()}\n\n...\n`;
}

/** `a`, `a and b`, `a, b and c` (or `or`). */
function phrase(parts: string[], conjunction = 'and'): string {
  return parts.length < 2
    ? parts.join('')
    : `${parts.slice(0, -1).join(', ')} ${conjunction} ${parts.at(-1)}`;
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
const PURPOSES: Record<ProbePurpose, [string, string]> = {
  discovery: ['discovery', 'discoveries'],
  read: ['read', 'reads'],
  'dry-run': ['dry run', 'dry runs'],
  refusal: ['refusal', 'refusals'],
  write: ['write', 'writes'],
  burst: ['burst request', 'burst requests'],
};

/** `71 requests: 34 GET, 27 POST and 10 PATCH; 1 discovery, 7 reads, 2 dry runs and 61 refusals`. */
function requestCounts(requests: readonly SentRequest[]): string {
  const methods = [...new Set(requests.map((request) => request.method))].sort(
    (a, b) => (METHODS.indexOf(a) + 1 || 99) - (METHODS.indexOf(b) + 1 || 99),
  );
  const byMethod = methods.map(
    (method) => `${requests.filter((request) => request.method === method).length} ${method}`,
  );
  const byPurpose = (Object.keys(PURPOSES) as ProbePurpose[]).flatMap((purpose) => {
    const count = requests.filter((request) => request.purpose === purpose).length;
    return count === 0 ? [] : [counted(count, ...PURPOSES[purpose])];
  });
  return `${counted(requests.length, 'request')}: ${phrase(byMethod)}; ${phrase(byPurpose)}`;
}

/** `sandbox mode (9) or a key lacking a scope (1)`: the plants a safe run cannot see, by what they need. */
function unseenCounts(): string {
  const needs = { sandbox: 'sandbox mode', 'scoped-key': 'a key lacking a scope' } as const;
  return phrase(
    (Object.keys(needs) as (keyof typeof needs)[]).map(
      (need) => `${needs[need]} (${ALL_PLANTS.filter((plant) => plant.needs === need).length})`,
    ),
    'or',
  );
}

describe(`docs/verify.md, "${HEADING}"`, () => {
  it("shows the report the run renders, cut after the first operation's coverage", async () => {
    const rendered = runNeutral(cut(renderMarkdownReport(await result())));
    expect(
      runNeutral(docSample()),
      'update the sample in docs/verify.md to the report this run renders',
    ).toBe(rendered);
  });

  it("counts the twin's plants and the run's requests as they are", async () => {
    const { requests } = await result();
    const reads404 = requests.filter(
      (request) => request.purpose === 'read' && request.status === 404,
    ).length;
    const facts = [
      `${ALL_PLANTS.length} planted differences of every kind, ${SAFE_PLANTS.length} of them visible to a safe run`,
      `A safe run finds each of the ${SAFE_PLANTS.length} by kind`,
      `the other ${ALL_PLANTS.length - SAFE_PLANTS.length} need ${unseenCounts()}`,
      requestCounts(requests),
      `${counted(reads404, 'read')} answered 404`,
    ];
    const text = prose();
    expect(facts.filter((fact) => !text.includes(fact))).toEqual([]);
  });
});
