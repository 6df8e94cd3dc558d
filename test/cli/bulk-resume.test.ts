/**
 * After Ctrl+C, `loyalty bulk` prints the whole command that resumes the run: pasted into a
 * shell as it is, it finishes the job, and every row is applied exactly once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ledger,
  movementsFile,
  pasteInShell,
  pointsBulk,
  scratch,
  startLoyalty,
  stopSummary,
  summaryCounts,
  until,
} from './bulk-harness.js';

const ROWS = 400;
const INVALID = 3;
const CUSTOMERS = 40;

describe('loyalty bulk: the resume line after Ctrl+C', { timeout: 120_000 }, () => {
  it('is the whole command (key field, --skip-invalid, --failures, --rps, ...): pasted, it finishes the job exactly once', async () => {
    // Slow answers keep the job running when Ctrl+C comes.
    const { server, env } = await ledger(CUSTOMERS, { faults: { seed: 3, rates: {}, latencyMs: 20 } });
    const { file, due } = movementsFile('resume.csv', ROWS, CUSTOMERS, INVALID);
    const failures = join(scratch(), 'resume failures.csv');
    const args = pointsBulk(
      file,
      '--skip-invalid',
      '--failures',
      failures,
      '--rps',
      '150',
      '--concurrency',
      '4',
      '--job-id',
      "movements of Ana's shop",
      '--checkpoint',
      join(scratch(), 'resume.ckpt'),
    );
    const running = startLoyalty(args, env);
    await until(() => server.admin.audit().length >= 40);
    running.child.kill('SIGINT');
    const stopped = await running.exited;
    expect(stopped.code).toBe(130);
    const applied = server.admin.audit().length;
    expect(applied).toBeLessThan(ROWS);
    // The stop summary counts every row once, the invalid ones apart.
    const atStop = stopSummary(stopped.stderr);
    expect(atStop.invalid).toBe(INVALID);
    expect(atStop.succeeded + atStop.skipped + atStop.failed + atStop.aborted + atStop.notSent).toBe(ROWS);

    const line = /^bulk: resume with: (.+)$/m.exec(stopped.stderr)?.[1];
    expect(line).toBeDefined();
    for (const flag of ['--key-field order', '--skip-invalid', '--rps 150', '--concurrency 4'])
      expect(line).toContain(flag);

    const resumed = await pasteInShell(line as string, env);
    expect(resumed.stderr).not.toContain('bulk needs');
    // The invalid rows are still not applied: exit status 1, and they are in the failures file.
    expect(resumed.code).toBe(1);
    const { succeeded, skipped, failed, invalid } = summaryCounts(resumed.stdout);
    expect({ failed, invalid }).toEqual({ failed: 0, invalid: INVALID });
    // Rows the checkpoint recorded are skipped; the others (those cut off in flight too) are sent.
    expect(succeeded + skipped).toBe(ROWS);
    expect(server.admin.audit()).toHaveLength(ROWS);
    const wrong = [...due].filter(([uid, balance]) => server.admin.customer(uid)?.puntos !== balance);
    expect(wrong).toEqual([]);
    const failedRows = readFileSync(failures, 'utf8').trim().split('\n').slice(1);
    expect(failedRows.map((row) => row.split(',')[0])).toEqual(['bad-0', 'bad-1', 'bad-2']);
  });
});
