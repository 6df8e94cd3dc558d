import { LoyaltyAbortError } from '../../client/errors.js';

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

/** Whether a row's error is its call aborted by the run's stop rather than a failure of the row. */
export function isAbortedBy(stop: AbortSignal, error: unknown): boolean {
  return stop.aborted && error instanceof LoyaltyAbortError;
}
