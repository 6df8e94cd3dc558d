/**
 * A Node process measured as it runs: its peak resident set (VmHWM from /proc while it lives, its
 * own maxRSS at exit through rss-at-exit.mjs), what it writes, and when it ends. A child that
 * outlives its hard timeout or grows past the memory limit is killed, and says which.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Tap, type Tapped } from './tap.js';

const RSS_PROBE = fileURLToPath(new URL('./rss-at-exit.mjs', import.meta.url));
const POLL_MS = 50;

export interface ChildLimits {
  /** Killed after this long: "did not settle". */
  hardTimeoutMs: number;
  /** Killed past this resident set, to spare the machine. */
  rssLimitMb: number;
  /** The clock a measured table times runs by (table.mjs); the tests time nothing. */
  now?: () => number;
}

export interface ChildRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Why the run was stopped, when it was. */
  stopped: 'hard timeout' | 'memory limit' | undefined;
  stdout: Tapped;
  stderr: Tapped;
  peakRssMb: number | undefined;
  /** `now()` at spawn and at exit, when a clock was given. */
  startedAt: number | undefined;
  endedAt: number | undefined;
}

/** The peak and current resident set of a live process, in MB; undefined once it is gone. */
export function memoryOf(pid: number): { peakMb: number; nowMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const peak = kb('VmHWM');
    if (!Number.isFinite(peak)) return undefined;
    return { peakMb: peak / 1024, nowMb: kb('VmRSS') / 1024 };
  } catch {
    return undefined;
  }
}

export interface Measured {
  child: ChildProcess;
  /** The peak so far, in MB. */
  peakMb(): number | undefined;
  stdout: Tap;
  stderr: Tap;
  ended: Promise<ChildRun>;
}

/**
 * Spawns `node --import rss-at-exit.mjs ...args` with fd 3 as the probe's pipe, and watches it.
 * `stdin`: a string written then closed, or 'pipe' to leave it to the caller.
 */
export function spawnMeasured(
  args: readonly string[],
  options: ChildLimits & { env: NodeJS.ProcessEnv; stdin?: string | 'pipe' },
): Measured {
  const startedAt = options.now?.();
  const child = spawn(process.execPath, ['--import', RSS_PROBE, ...args], {
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
  const stdout = new Tap();
  const stderr = new Tap();
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  let reported = '';
  (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (chunk: Buffer) => {
    reported += chunk.toString('utf8');
  });
  if (options.stdin !== 'pipe') child.stdin?.end(options.stdin ?? '');
  child.stdin?.on('error', () => undefined);

  let peak: number | undefined;
  let stopped: ChildRun['stopped'];
  const stop = (why: NonNullable<ChildRun['stopped']>) => {
    stopped ??= why;
    child.kill('SIGKILL');
  };
  const poll = setInterval(() => {
    const memory = child.pid === undefined ? undefined : memoryOf(child.pid);
    if (!memory) return;
    peak = Math.max(peak ?? 0, memory.peakMb);
    if (memory.nowMb > options.rssLimitMb) stop('memory limit');
  }, POLL_MS);
  const timer = setTimeout(() => stop('hard timeout'), options.hardTimeoutMs);

  const ended = new Promise<ChildRun>((resolve) => {
    child.on('close', (exitCode, signal) => {
      const endedAt = options.now?.();
      clearInterval(poll);
      clearTimeout(timer);
      const atExit = /"maxRssKb":(\d+)/.exec(reported)?.[1];
      const peakRssMb = atExit === undefined ? peak : Math.max(peak ?? 0, Number(atExit) / 1024);
      resolve({
        exitCode,
        signal,
        stopped,
        stdout: stdout.result(),
        stderr: stderr.result(),
        peakRssMb,
        startedAt,
        endedAt,
      });
    });
  });
  return {
    child,
    peakMb: () => {
      const now = child.pid === undefined ? undefined : memoryOf(child.pid);
      if (now) peak = Math.max(peak ?? 0, now.peakMb);
      return peak;
    },
    stdout,
    stderr,
    ended,
  };
}
