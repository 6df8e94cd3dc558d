import { fail, LoyaltyAbortError } from '../core/index.js';
import { type RunningJob, runItem } from './item.js';
import { followSignal } from './job-signal.js';
import { resolveJob } from './options.js';
import { pump } from './pump.js';
import { Tally } from './tally.js';
import type { BulkSummary } from './types.js';

function abortMessage(jobId: string, tally: Tally): string {
  const { succeeded, skipped, failed } = tally;
  return (
    `Bulk job "${jobId}" aborted: ${succeeded} succeeded, ${skipped} skipped, ${failed} failed so far. ` +
    'Start it again with the same jobId and checkpoint: the items not finished are sent again with the same keys.'
  );
}

/**
 * Runs `run` once per item of `items`, at most `concurrency` at a time, and resolves to the
 * summary (docs/bulk-jobs.md). Rejects with a usage error before reading anything when an option
 * is wrong; with `aborted` when the signal stopped the job (after the calls in flight settled and
 * the checkpoint closed); with the first error of the source, the checkpoint or a callback.
 */
export async function runBulk<T, R>(items: unknown, run: unknown, options: unknown): Promise<BulkSummary> {
  const job = resolveJob<T, R>(items, run, options, fail);
  let halted: { error: unknown } | undefined;
  const calls = followSignal(job.signal, job.concurrency);
  const running: RunningJob<T, R> = {
    ...job,
    tally: new Tally(job.total, job.onProgress),
    callSignal: calls.signal,
    halt: (error) => {
      halted ??= { error };
    },
  };
  const stopped = () => halted !== undefined || calls.signal.aborted;
  await pump(job.source, job.concurrency, stopped, (item, index) => runItem(running, item, index)).catch(
    running.halt,
  );
  calls.release();
  // The job owns the checkpoint from here: closing it makes the last records durable.
  await Promise.resolve()
    .then(() => job.checkpoint?.close())
    .catch(running.halt);
  try {
    running.tally.report(true);
  } catch (error) {
    running.halt(error);
  }
  if (halted) throw halted.error;
  if (calls.signal.aborted)
    throw new LoyaltyAbortError(abortMessage(job.jobId, running.tally), { cause: calls.signal.reason });
  return running.tally.summary();
}
