import { LoyaltyAbortError, RateLimitError } from '../../client/errors.js';
import { counted } from '../../core/index.js';

/**
 * The rows of a run by what became of them: one set of counts for the progress line, the summary
 * and the stop summary alike.
 */
export class RowCounts {
  succeeded = 0;
  /** Recorded as finished by the checkpoint of an earlier run: not sent. */
  skipped = 0;
  failed = 0;
  /** Calls in flight that a second Ctrl+C aborted: not failures, a resumed run sends them again. */
  aborted = 0;

  /**
   * `rows`: every row of the file; `invalid`: those the check refused and --skip-invalid left
   * out (never sent, written to the failures file).
   */
  constructor(
    readonly rows: number,
    readonly invalid: number,
  ) {}

  /** Answers 429 (too many requests) the run met, whatever became of their rows. */
  tooManyRequests = 0;
  /** Rows that failed on a 429: the retries were spent. */
  failedOnTooMany = 0;

  get done(): number {
    return this.succeeded + this.skipped + this.failed + this.aborted + this.invalid;
  }

  /** Rows not started when the run stopped. */
  get notSent(): number {
    return this.rows - this.done;
  }

  /** Rows that were not applied: the run's exit status is 1 when there are any. */
  get notApplied(): number {
    return this.failed + this.invalid;
  }

  /** `succeeded S, skipped K, failed F, invalid I` (and `aborted A` when a call was aborted). */
  text(): string {
    const aborted = this.aborted > 0 ? `, aborted ${this.aborted}` : '';
    return `succeeded ${this.succeeded}, skipped ${this.skipped}, failed ${this.failed}, invalid ${this.invalid}${aborted}`;
  }
}

/** `; 429 answers N, retried R` when the run met 429s (the summary and the stop summary end with it). */
export function tooManyRequestsText(counts: RowCounts): string {
  if (counts.tooManyRequests === 0) return '';
  const retried = counts.tooManyRequests - counts.failedOnTooMany;
  return `; 429 answers ${counts.tooManyRequests}, retried ${retried}`;
}

/**
 * What to do about the 429s of a run: `--rps` a few per cent below the key's limit (at the limit
 * itself our even pace and the service's window meet, docs/decisions.md).
 */
export function tooManyRequestsAdvice(counts: RowCounts, rps: number | undefined): string | undefined {
  if (counts.tooManyRequests === 0) return undefined;
  const below = rps === undefined ? undefined : Math.max(1, Math.floor(rps * 0.95));
  const advice =
    rps === undefined
      ? "give --rps a few per cent below the API key's limit"
      : `--rps ${rps} is at or above the API key's limit as the service counts it: run a few per cent below it (--rps ${below})`;
  return `bulk: the service answered 429 (too many requests) ${counted(counts.tooManyRequests, 'time')}, each pausing the run's calls for its Retry-After; ${advice}`;
}

/** Counts a failed row's error: a 429 that ended its retries is counted apart. */
export function countFailure(counts: RowCounts, error: unknown): void {
  counts.failed += 1;
  if (error instanceof RateLimitError) counts.failedOnTooMany += 1;
}

/** Whether a row's error is its call aborted by the run's stop rather than a failure of the row. */
export function isAbortedBy(stop: AbortSignal, error: unknown): boolean {
  return stop.aborted && error instanceof LoyaltyAbortError;
}
