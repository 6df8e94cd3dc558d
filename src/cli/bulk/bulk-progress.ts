import cliProgress from 'cli-progress';
import type { BulkProgress } from '../../bulk/types.js';

const PLAIN_EVERY_MS = 5_000;

const seconds = (ms: number | undefined) => (ms === undefined ? '?' : `${Math.ceil(ms / 1_000)}s`);

/** What the command shows while a job runs: a bar on a terminal, a plain line every few seconds otherwise. */
export interface ProgressView {
  update(progress: BulkProgress): void;
  /** Ends the view; off a terminal, the job's last progress is printed if it was not. */
  stop(): void;
}

function plainLine(progress: BulkProgress): string {
  const of = progress.total === undefined ? '' : ` of ${progress.total}`;
  return `bulk: ${progress.done}${of} done (${progress.failed} failed), ${progress.ratePerSecond.toFixed(1)}/s, ETA ${seconds(progress.etaMs)}\n`;
}

function plainView(): ProgressView {
  let printedAt = 0;
  let unprinted: BulkProgress | undefined;
  return {
    update(progress) {
      unprinted = progress;
      if (Date.now() - printedAt < PLAIN_EVERY_MS) return;
      printedAt = Date.now();
      process.stderr.write(plainLine(unprinted));
      unprinted = undefined;
    },
    stop() {
      if (unprinted) process.stderr.write(plainLine(unprinted));
      unprinted = undefined;
    },
  };
}

export function createProgressView(terminal: boolean, total: number | undefined): ProgressView {
  if (!terminal) return plainView();
  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {value}/{total} | {rate}/s | ETA {eta_formatted} | failed {failed}',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total ?? 0, 0, { rate: '0.0', failed: 0 });
  return {
    update(progress) {
      if (progress.total !== undefined) bar.setTotal(progress.total);
      bar.update(progress.done, { rate: progress.ratePerSecond.toFixed(1), failed: progress.failed });
    },
    stop: () => bar.stop(),
  };
}
