import type { BulkCall, BulkSummary } from '../../bulk/types.js';
import type { LoyaltyClient } from '../../client/client.js';
import { LoyaltyAbortError } from '../../client/errors.js';
import { counted } from '../../core/index.js';
import { callOperation } from '../operations/call-operation.js';
import { messageOf } from '../shared/error-message.js';
import { EXIT } from '../shared/exit-codes.js';
import { serviceClient } from '../shared/service-client.js';
import { checkWrittenFile } from '../shared/written-file.js';
import { operationFlags } from '../table/operation-flags.js';
import { type BulkCommand, parseBulkArgs } from './bulk-args.js';
import { type Checked, checkRows, keyOf, refuseInvalid, validRows } from './bulk-check.js';
import {
  countFailure,
  isAbortedBy,
  RowCounts,
  tooManyRequestsAdvice,
  tooManyRequestsText,
} from './bulk-counts.js';
import { FailedRowsList } from './bulk-failed-rows.js';
import { FailuresFile, type RowFailure } from './bulk-failures.js';
import { BULK_HELP } from './bulk-help.js';
import type { RowCall } from './bulk-map.js';
import { outcomeOf } from './bulk-outcome.js';
import { createProgressView, type ProgressView } from './bulk-progress.js';
import { failuresHint, resumeHint } from './bulk-resume.js';
import { type SharedState, sharedState } from './bulk-setup.js';
import { type BulkStop, INTERRUPTED, listenForCtrlC } from './bulk-stop.js';
import { countingLimiter } from './counting-limiter.js';

/** The summary line, and where the failed rows are with the command line that sends them again. */
function reportSummary(command: BulkCommand, counts: RowCounts, failures: FailuresFile | undefined): number {
  process.stdout.write(`${counts.text()}${tooManyRequestsText(counts)}\n`);
  reportTooManyRequests(command, counts);
  if (failures && failures.count > 0) {
    const again = failuresHint(command, failures.path);
    process.stderr.write(
      `bulk: the failed rows are in ${command.failures}, each with its error and outcome; fix the refused ones (the service applied none of them) and send the file with the same job: ${again}\n` +
        'bulk: (a refused row then goes under a key of its own, a row of unknown outcome under the key it had, so none is applied twice)\n',
    );
  }
  return counts.notApplied > 0 ? EXIT.failure : EXIT.ok;
}

/** Runs the valid rows through client.bulk, each row's call being the operation's SDK method. */
function runRows(
  client: LoyaltyClient,
  command: BulkCommand,
  checked: Checked,
  hooks: {
    checkpoint: SharedState['checkpoint'];
    stop: BulkStop;
    counts: RowCounts;
    view: ProgressView;
    /** Where a failed row goes: the failures file, else the list printed on stderr. */
    failed: (row: RowCall['row'], failure: RowFailure) => Promise<void>;
  },
): Promise<BulkSummary> {
  const { counts, stop } = hooks;
  const positionals = operationFlags(command.operation).positionals;
  const send = async (rowCall: RowCall, call: BulkCall) => {
    const args = positionals.map((parameter) => rowCall.params[parameter.name]);
    return (await callOperation(client, command.operation, args, rowCall.part, call)).data;
  };
  const invalid = (row: RowCall['row'], error: string) =>
    hooks.failed(row, { error, outcome: 'refused', sentItemKey: keyOf(row, command) });
  return client.bulk(validRows(command, checked, stop, invalid), send, {
    jobId: command.jobId,
    itemKey: (rowCall) => rowCall.itemKey,
    concurrency: command.concurrency,
    checkpoint: hooks.checkpoint,
    shard: command.shard && { index: command.shard.index, count: command.shard.count },
    signal: stop.signal,
    // The rows are read from the file as they go: the check counted them.
    total: checked.valid,
    onProgress: (progress) => hooks.view.update(progress),
    onItem: async (event) => {
      if (event.status !== 'failed') counts[event.status] += 1;
      else if (isAbortedBy(stop.signal, event.error)) counts.aborted += 1;
      else {
        countFailure(counts, event.error);
        await hooks.failed(event.item.row, {
          error: messageOf(event.error),
          outcome: outcomeOf(event.error),
          sentItemKey: event.itemKey,
        });
      }
    },
  });
}

function reportTooManyRequests(command: BulkCommand, counts: RowCounts): void {
  const advice = tooManyRequestsAdvice(counts, command.rps);
  if (advice !== undefined) process.stderr.write(`${advice}\n`);
}

/** What a run stopped by Ctrl+C did, and the command that resumes it. */
function reportStop(command: BulkCommand, counts: RowCounts): number {
  const aborted =
    counts.aborted > 0
      ? '; the aborted calls may have been applied: resumed, they go again under the same keys and are not applied twice'
      : '';
  process.stderr.write(
    `bulk: stopped: ${counts.text()}; ${counts.notSent} not sent${aborted}${tooManyRequestsText(counts)}\n`,
  );
  reportTooManyRequests(command, counts);
  process.stderr.write(`bulk: ${resumeHint(command)}\n`);
  return INTERRUPTED;
}

/** Under --shard, which share this worker has: its counts are of those rows alone. */
function reportShard(command: BulkCommand, checked: Checked): void {
  if (command.shard === undefined) return;
  const { index, count } = command.shard;
  process.stderr.write(
    `bulk: shard ${index}/${count} (0-based): this worker's share is ${checked.valid + checked.invalidMine} of the file's ${counted(checked.rows, 'row')}\n`,
  );
}

/** The run, once the files it writes are known to be usable: every refusal comes before the first line of progress. */
async function run(command: BulkCommand, env: NodeJS.ProcessEnv): Promise<number> {
  if (command.failures) checkWrittenFile('--failures', command.failures, 'refused');
  const checked = await checkRows(command);
  if (checked.invalid > 0 && !command.skipInvalid) refuseInvalid(command, checked);
  const shared = await sharedState({ ...command, jobId: command.jobId });
  try {
    return await sendRows(command, env, checked, shared);
  } finally {
    await shared.close();
  }
}

async function sendRows(
  command: BulkCommand,
  env: NodeJS.ProcessEnv,
  checked: Checked,
  shared: SharedState,
): Promise<number> {
  const failures = command.failures ? new FailuresFile(command.failures, command.format) : undefined;
  const listed = new FailedRowsList();
  const failed = async (row: RowCall['row'], failure: RowFailure) =>
    failures ? failures.add(row, failure) : listed.add(failure.sentItemKey, failure.error);
  reportShard(command, checked);
  const counts = new RowCounts(checked.valid + checked.invalidMine, checked.invalidMine);
  const limiter = countingLimiter(shared.limiter, () => {
    counts.tooManyRequests += 1;
  });
  const client = await serviceClient(command.client, env, limiter);
  const stop = listenForCtrlC();
  const view = createProgressView(process.stderr.isTTY === true, counts);
  try {
    await runRows(client, command, checked, {
      checkpoint: shared.checkpoint,
      stop,
      counts,
      view,
      failed,
    });
    view.stop();
    listed.print();
    if (stop.requested && counts.notSent > 0) return reportStop(command, counts);
    return reportSummary(command, counts, failures);
  } catch (error) {
    view.stop();
    listed.print();
    if (!(error instanceof LoyaltyAbortError)) throw error;
    return reportStop(command, counts);
  } finally {
    stop.release();
    await failures?.close();
  }
}

/** `loyalty bulk <operationId> --file F [...]` (docs/cli.md, "Bulk"). */
export async function bulkCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const command = parseBulkArgs(argv, env);
  if (command === undefined) {
    process.stdout.write(BULK_HELP);
    return EXIT.ok;
  }
  return run(command, env);
}
