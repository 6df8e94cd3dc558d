/**
 * `npm run bench` rewrites docs/benchmarks.md from its run, and keeps the page's "History" section
 * (the figures behind docs/decisions.md's rows) as it was written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeMarkdown } from '../bench/report.mjs';

const figures = { cpuMicrosPerCall: 100, requestsPerSecond: 1_000 };
const run = {
  results: [
    {
      name: 'undici.request (read)',
      kind: 'read',
      baseline: 'undici.request (read)',
      at: { 1: figures, 32: figures },
    },
  ],
  targets: [{ target: 'a target', ratio: 0.5, pass: true }],
  heap: {
    warmupMs: 1,
    calls: 10,
    batch: 1,
    window: 1,
    concurrency: 1,
    heapAfterFirst: 1,
    heapAfterAll: 1,
    growth: 0,
    limit: 0.1,
    pass: true,
  },
  telemetry: [],
  machine: { cpu: 'CPU', cores: 2, os: 'OS', node: 'v20', date: 'this run', loadAverage: '0' },
  settings: { rounds: 1, durationMs: 1, warmupMs: 1 },
  chartFile: 'benchmarks.svg',
} as const;

const HISTORY =
  '\n## History\n\n| Decision | What was measured | Figures |\n|---|---|---|\n| A row | a measure | 1 -> 2 |\n';

describe('docs/benchmarks.md rewritten by npm run bench', () => {
  let folder = '';
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const page = (before: string | undefined): string => {
    folder = mkdtempSync(join(tmpdir(), 'benchmarks-history-'));
    const path = join(folder, 'benchmarks.md');
    if (before !== undefined) writeFileSync(path, before);
    return path;
  };

  it('keeps the History section as written, after the run’s own sections', async () => {
    const path = page(`# Benchmarks\n\nWritten on an earlier run.\n${HISTORY}`);
    await writeMarkdown(path, run);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('Written by `npm run bench` (`test/bench/run.mjs`) on this run.');
    expect(text).not.toContain('an earlier run');
    expect(text.endsWith(HISTORY)).toBe(true);
  });

  it.each([
    ['a page without a History section', '# Benchmarks\n\nWritten on an earlier run.\n'],
    ['no page yet', undefined],
  ])('adds no History section to %s', async (_, before) => {
    const path = page(before);
    await writeMarkdown(path, run);
    expect(readFileSync(path, 'utf8')).not.toContain('## History');
  });
});
