import cliProgress from 'cli-progress';
import type { BulkProgress } from '../../bulk/types.js';
import type { RowCounts } from './bulk-counts.js';

const PLAIN_EVERY_MS = 5_000;

const seconds = (ms: number | undefined) => (ms === undefined ? '?' : `${Math.ceil(ms / 1_000)}s`);

/**
 * What the command shows while a job runs: a bar on a terminal, a plain line every few seconds
 * otherwise. The counts are the run's (those of the summary); the job's progress gives the rate
 * and the time left.
 */
export interface ProgressView {
  update(progress: BulkProgress): void;
  /** Ends the view; off a terminal, the job's last progress is printed if it was not. */
  stop(): void;
}

function plainLine(counts: RowCounts, progress: BulkProgress): string {
  return `bulk: ${counts.done} of ${counts.rows} done (${counts.text()}), ${progress.ratePerSecond.toFixed(1)}/s, ETA ${seconds(progress.etaMs)}\n`;
}

function plainView(counts: RowCounts): ProgressView {
  let printedAt = 0;
  let unprinted: BulkProgress | undefined;
  return {
    update(progress) {
      unprinted = progress;
      if (Date.now() - printedAt < PLAIN_EVERY_MS) return;
      printedAt = Date.now();
      process.stderr.write(plainLine(counts, unprinted));
      unprinted = undefined;
    },
    stop() {
      if (unprinted) process.stderr.write(plainLine(counts, unprinted));
      unprinted = undefined;
    },
  };
}

export function createProgressView(terminal: boolean, counts: RowCounts): ProgressView {
  if (!terminal) return plainView(counts);
  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {value}/{total} | {rate}/s | ETA {eta_formatted} | {counts}',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(counts.rows, counts.done, { rate: '0.0', counts: counts.text() });
  return {
    update(progress) {
      bar.update(counts.done, { rate: progress.ratePerSecond.toFixed(1), counts: counts.text() });
    },
    stop: () => bar.stop(),
  };
}
