/**
 * One set of counts in `loyalty bulk`: the last progress line, the summary and the stop summary
 * count every row of the file, each once, the same way (the rows --skip-invalid left out as
 * `invalid`, in all of them).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uidOf } from '../fleet/plan.mjs';
import { ledger, pointsBulk, scratch, summaryCounts } from './bulk-harness.js';
import { loyalty } from './cli-harness.js';

/** The counts the last progress line shows: `bulk: D of T done (succeeded S, skipped K, failed F, invalid I), ...`. */
function lastProgress(stderr: string) {
  const lines = stderr.split('\n').filter((line) => / done \(/.test(line));
  const match = /^bulk: (\d+) of (\d+) done \((succeeded \d+, skipped \d+, failed \d+, invalid \d+)\)/.exec(
    lines.at(-1) ?? '',
  );
  expect(match, stderr).not.toBeNull();
  const [, done, total, counts] = match as RegExpExecArray;
  return { done: Number(done), total: Number(total), counts };
}

describe('loyalty bulk: one set of counts', { timeout: 60_000 }, () => {
  it('the last progress line and the summary agree, invalid rows counted apart, on a first run and on a run the checkpoint skips', async () => {
    const customers = 10;
    const { env } = await ledger(customers);
    const lines = ['order,uid,puntos'];
    for (let index = 0; index < customers; index++) lines.push(`ok-${index},${uidOf(index)},5`);
    lines.push('gone-1,nobody_1,5', `bad-1,${uidOf(0)},0`, `bad-2,${uidOf(1)},lots`);
    const file = join(scratch(), 'counts.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const args = pointsBulk(file, '--skip-invalid', '--checkpoint', join(scratch(), 'counts.ckpt'));

    const first = await loyalty(args, env);
    expect(first.code).toBe(1);
    expect(summaryCounts(first.stdout)).toEqual({ succeeded: customers, skipped: 0, failed: 1, invalid: 2 });
    expect(lastProgress(first.stderr)).toEqual({
      done: customers + 3,
      total: customers + 3,
      counts: first.stdout.trim(),
    });

    const again = await loyalty(args, env);
    expect(summaryCounts(again.stdout)).toEqual({ succeeded: 0, skipped: customers, failed: 1, invalid: 2 });
    expect(lastProgress(again.stderr).counts).toBe(again.stdout.trim());
  });
});
