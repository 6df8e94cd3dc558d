/**
 * The leftover check (test/leftovers/leftovers.mjs), the last step of `npm test`: a run whose test
 * file left a temporary folder, or a process that outlives it, fails, named by the file or step;
 * a clean run passes and its folder is removed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { checkAbandonedRuns, checkRun, runEnv, startRun } from './leftovers.mjs';

const FILE = 'test/fake/leaky.test.ts';

/** A fake run's folder, removed after the test whatever the check did. */
function fakeRun(): string {
  const run = startRun();
  onTestFinished(() => rmSync(run, { recursive: true, force: true }));
  return run;
}

/**
 * A process left running as a test's would be: started by a shell that then exits, so that its
 * parent is gone; killed after the test if the check did not. Its pid.
 */
function orphan(env: NodeJS.ProcessEnv, { ownSession = false } = {}): number {
  const shell = ['sh', '-c', 'sleep 300 >/dev/null 2>&1 & echo $!'];
  const [command, ...args] = ownSession ? ['setsid', ...shell] : shell;
  const pid = Number(execFileSync(command as string, args, { env, encoding: 'utf8' }));
  onTestFinished(() => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // the check ended it
    }
  });
  return pid;
}

/** Whether a process runs: it exists and is no zombie (ended, its parent yet to read its status). */
function running(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** The check of a run, its lines kept: how many leftovers, and the lines. */
async function checked(run: string, sessions?: Map<number, string>) {
  const lines: string[] = [];
  const left = await checkRun(run, { sessions, graceMs: 0, print: (line) => lines.push(line) });
  return { left, lines };
}

describe('the leftover check', () => {
  it('passes a run that left nothing, and removes its folder', async () => {
    const run = fakeRun();
    runEnv(run, FILE);
    runEnv(run, 'check:consumer');
    expect(await checked(run)).toEqual({
      left: 0,
      lines: ['leftovers: none (no process of the run outlived it, no temporary folder remains)'],
    });
    expect(existsSync(run)).toBe(false);
  });

  it('fails a run whose test file left a temporary folder, naming the file and the folder', async () => {
    const run = fakeRun();
    mkdirSync(join(runEnv(run, FILE).TMPDIR, 'loyalty-left-abc123'));
    const { left, lines } = await checked(run);
    expect(left).toBe(1);
    expect(lines).toContain(`leftovers: left in the temporary folder by ${FILE}: loyalty-left-abc123`);
    expect(existsSync(run)).toBe(false);
  });

  it('fails a run whose test file left a process running, naming the file and the process, and ends it', async () => {
    const run = fakeRun();
    const pid = orphan({ PATH: process.env.PATH, ...runEnv(run, FILE) });
    const { left, lines } = await checked(run);
    expect(left).toBe(1);
    expect(lines).toContain(`leftovers: left running by ${FILE}: pid ${pid} sleep 300`);
    expect(running(pid)).toBe(false);
  });

  it("finds a step's process that dropped the run's environment by the step's session, naming the step", async () => {
    const run = fakeRun();
    const pid = orphan({ PATH: process.env.PATH }, { ownSession: true });
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
    const { lines } = await checked(run, new Map([[session, 'check:consumer']]));
    expect(lines).toContain(`leftovers: left running by step check:consumer: pid ${pid} sleep 300`);
  });

  it('leaves alone a process of another run', async () => {
    const run = fakeRun();
    const other = fakeRun();
    const pid = orphan({ PATH: process.env.PATH, ...runEnv(other, FILE) });
    runEnv(run, FILE);
    expect((await checked(run)).left).toBe(0);
    expect(running(pid)).toBe(true);
  });
});

describe('a run killed before its check', () => {
  /** A run folder as startRun names it, for the process `pid`, with a folder left in it by FILE. */
  function runOf(pid: number): string {
    const run = mkdtempSync(join(tmpdir(), `loyalty-test-run-${pid}-`));
    onTestFinished(() => rmSync(run, { recursive: true, force: true }));
    mkdirSync(join(runEnv(run, FILE).TMPDIR, 'loyalty-left-abc123'));
    return run;
  }

  it('is checked by the next run: its leftovers named, ended and removed', async () => {
    const gone = spawnSync('true').pid;
    const run = runOf(gone);
    const lines: string[] = [];
    await checkAbandonedRuns((line) => lines.push(line));
    expect(lines).toContain(`leftovers: left in the temporary folder by ${FILE}: loyalty-left-abc123`);
    expect(existsSync(run)).toBe(false);
  });

  it('is told from a run still going by its checking process, which is alive', async () => {
    const run = runOf(process.pid);
    await checkAbandonedRuns(() => undefined);
    expect(existsSync(run)).toBe(true);
  });
});
