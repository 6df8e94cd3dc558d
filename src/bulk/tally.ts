import type { BulkFailure, BulkItemStatus, BulkProgress, BulkSummary } from './types.js';

/** Enough to see what went wrong; a job where every item fails must not hold them all. */
export const MAX_LISTED_FAILURES = 1_000;

/** A progress line four times a second is enough for a bar and costs nothing at 50,000 items/s. */
export const PROGRESS_INTERVAL_MS = 250;

/** The counts of a job, its progress reports and its summary. */
export class Tally {
  succeeded = 0;
  skipped = 0;
  failed = 0;
  readonly failures: BulkFailure[] = [];
  readonly #started = performance.now();
  #reportedAt = this.#started;

  constructor(
    readonly total: number | undefined,
    readonly onProgress: ((progress: BulkProgress) => void) | undefined,
  ) {}

  count(status: BulkItemStatus, itemKey: string, error?: unknown): void {
    if (status === 'succeeded') this.succeeded += 1;
    else if (status === 'skipped') this.skipped += 1;
    else {
      this.failed += 1;
      if (this.failures.length < MAX_LISTED_FAILURES) this.failures.push({ itemKey, error });
    }
  }

  /** Calls `onProgress` when the last call is at least PROGRESS_INTERVAL_MS old, or when `final`. */
  report(final = false): void {
    if (!this.onProgress) return;
    const now = performance.now();
    if (!final && now - this.#reportedAt < PROGRESS_INTERVAL_MS) return;
    this.#reportedAt = now;
    this.onProgress(this.progress(now));
  }

  progress(now = performance.now()): BulkProgress {
    const elapsedMs = now - this.#started;
    const done = this.succeeded + this.skipped + this.failed;
    const sent = this.succeeded + this.failed;
    const ratePerSecond = elapsedMs > 0 ? (sent * 1000) / elapsedMs : 0;
    const progress: BulkProgress = {
      done,
      succeeded: this.succeeded,
      skipped: this.skipped,
      failed: this.failed,
      ratePerSecond,
      elapsedMs,
    };
    if (this.total !== undefined) {
      progress.total = this.total;
      if (ratePerSecond > 0) progress.etaMs = (Math.max(0, this.total - done) * 1000) / ratePerSecond;
    }
    return progress;
  }

  summary(): BulkSummary {
    return {
      total: this.succeeded + this.skipped + this.failed,
      succeeded: this.succeeded,
      skipped: this.skipped,
      failed: this.failed,
      failures: this.failures,
      elapsedMs: performance.now() - this.#started,
    };
  }
}
