// @ts-check
/**
 * Keeps the benchmark's client and server processes each on a CPU of its own (Linux `taskset`),
 * so that they never wait for each other's core. On our two-core machines the concurrency-1
 * figures of a client then spread about ±5% between rounds, against about ±10% unpinned.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export const CLIENT_CPU = 0;
export const SERVER_CPU = 1;

/** @returns {boolean} whether this machine has two CPUs and `taskset` to pin to them */
export function canPin() {
  if (process.platform !== 'linux' || availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Pins every thread of process `pid` to `cpu`; threads started later inherit it.
 * @param {number} pid
 * @param {number} cpu
 */
export function pinProcess(pid, cpu) {
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(cpu), String(pid)], {
    stdio: 'ignore',
  });
}

/**
 * Pins this process and the server process apart, when the machine allows it and BENCH_PIN is not 0.
 * @param {number} serverPid
 * @returns {string} how the processes run, for the report
 */
export function pinClientAndServer(serverPid) {
  if (process.env.BENCH_PIN === '0') return 'not pinned to CPUs (BENCH_PIN=0)';
  if (!canPin()) return 'not pinned to CPUs (needs Linux, taskset and two CPUs)';
  pinProcess(serverPid, SERVER_CPU);
  pinProcess(process.pid, CLIENT_CPU);
  return `client process pinned to CPU ${CLIENT_CPU}, server process to CPU ${SERVER_CPU} (taskset)`;
}
