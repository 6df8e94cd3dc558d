// @ts-check
// What a test run leaves behind: the processes it started that outlive it and the temporary
// folders it did not remove. A run has a folder of its own under the temporary folder; each test
// file and each step of `npm test` gets a folder in it as its TMPDIR (os.tmpdir() reads TMPDIR on
// every call, and children inherit it), and every process of the run carries the run's mark in its
// environment. What is left in an owner's folder, and every process still carrying the mark, is
// named by its owner: the test file or the step.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/** The environment variable that marks a process as one of the run's: the run's folder. */
export const RUN_MARK = 'LOYALTY_TEST_RUN';

/**
 * The environment variable in which test/steps.mjs names the session of each step it started as a
 * session's leader, `{ "<session id>": "<step>" }`: a process that dropped the environment is
 * still found by its session.
 */
export const STEP_SESSIONS = 'LOYALTY_TEST_SESSIONS';

/** How long a process already told to end may take to go before it counts as left over. */
const GRACE_MS = 2_000;

const RUN_PREFIX = 'loyalty-test-run-';

/**
 * A new run: its folder under the temporary folder, named after the process that checks it at its
 * end, removed by {@link checkRun}.
 */
export function startRun() {
  const run = mkdtempSync(join(tmpdir(), `${RUN_PREFIX}${process.pid}-`));
  // Open as the temporary folder is: some tests run the CLI as another user, who must reach the files.
  chmodSync(run, 0o755);
  return run;
}

// An owner's folder is named by a short hash of the owner (a test file's path or a step's name,
// `test:unit`), which a file beside it names: a Unix socket's path holds at most 107 bytes, and
// Chromium puts one in the temporary folder. No `:` in the name either, since a temporary folder may
// be put in PATH.
const OWNER_SUFFIX = '.owner';
const folderName = (/** @type {string} */ owner) =>
  createHash('sha256').update(owner).digest('hex').slice(0, 12);
/** The owner whose folder of `run` this is. @param {string} run @param {string} folder */
function ownerName(run, folder) {
  try {
    return readFileSync(join(run, `${folder}${OWNER_SUFFIX}`), 'utf8');
  } catch {
    return 'an unknown owner';
  }
}

/**
 * The environment that makes a process the run's, its temporary files in its owner's folder.
 * @param {string} run the run's folder @param {string} owner a test file's path from the root, or a step
 * @returns {{ LOYALTY_TEST_RUN: string, TMPDIR: string }}
 */
export function runEnv(run, owner) {
  const folder = join(run, folderName(owner));
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${folder}${OWNER_SUFFIX}`, owner);
  chmodSync(folder, 0o1777); // as /tmp: anyone may make files there, and remove only their own
  return { [RUN_MARK]: run, TMPDIR: folder };
}

/**
 * What of this process's environment makes a child the run's, for a child given an environment of
 * its own: the run's mark and the temporary folder, when set.
 * @returns {Record<string, string>}
 */
export function runMarks() {
  const { TMPDIR, [RUN_MARK]: run } = process.env;
  return { ...(TMPDIR && { TMPDIR }), ...(run && { [RUN_MARK]: run }) };
}

/** @typedef {{ pid: number, owner: string, command: string }} LeftProcess */
/** @typedef {{ owner: string, name: string }} LeftFolder */
/** @typedef {{ processes: LeftProcess[], folders: LeftFolder[] }} Leftovers */

/** @param {number | string} pid @param {string} file */
function procFile(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined; // gone, or another user's
  }
}

/** The fields of /proc/<pid>/stat after the command's name (which may hold spaces): [state, ppid, pgrp, session, ...]. */
function statFields(/** @type {number | string} */ pid) {
  const stat = procFile(pid, 'stat');
  return stat === undefined ? undefined : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** This process and its ancestors: the checker and whatever runs it carry the mark too. */
function ancestry() {
  const pids = new Set([process.pid]);
  for (let pid = process.ppid; pid > 1 && !pids.has(pid); ) {
    pids.add(pid);
    pid = Number(statFields(pid)?.[1] ?? 0);
  }
  return pids;
}

/** The owner a TMPDIR names, when it is a folder of the run. */
function ownerOfTmpdir(/** @type {string} */ run, /** @type {string | undefined} */ folder) {
  if (folder === undefined) return undefined;
  const path = relative(run, folder);
  return path === '' || path.startsWith('..') ? undefined : ownerName(run, path.split(sep)[0] ?? '');
}

/**
 * The live processes of the run but the checker, its ancestors and its children (vitest's own,
 * when vitest checks its run): those with the mark, and those in a session given (a step started
 * as the leader of its session, whose processes may have dropped the environment).
 * @param {string} run @param {Map<number, string>} sessions step by session id
 * @returns {LeftProcess[]}
 */
function runProcesses(run, sessions) {
  if (!existsSync('/proc/self')) return []; // no /proc (macOS): the folders are still checked
  const mine = ancestry();
  const mark = `${RUN_MARK}=${run}`;
  /** @type {LeftProcess[]} */
  const found = [];
  for (const pid of readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)) {
    const fields = statFields(pid);
    if (fields === undefined || fields[0] === 'Z' || mine.has(pid) || fields[1] === String(process.pid))
      continue;
    const environ = procFile(pid, 'environ')?.split('\0') ?? [];
    const session = sessions.get(Number(fields[3]));
    if (!environ.includes(mark) && session === undefined) continue;
    const tmp = environ.find((entry) => entry.startsWith('TMPDIR='))?.slice('TMPDIR='.length);
    const command = (procFile(pid, 'cmdline') ?? '').split('\0').join(' ').trim().slice(0, 160);
    found.push({ pid, owner: ownerOfTmpdir(run, tmp) ?? session ?? 'an unknown owner', command });
  }
  return found;
}

/**
 * Everything left in the owners' folders of a run, and anything else in the run's folder.
 * @param {string} run @returns {LeftFolder[]}
 */
function runFolders(run) {
  return readdirSync(run, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) {
      return entry.name.endsWith(OWNER_SUFFIX) ? [] : [{ owner: 'an unknown owner', name: entry.name }];
    }
    const owner = ownerName(run, entry.name);
    return readdirSync(join(run, entry.name)).map((name) => ({ owner, name }));
  });
}

const alive = (/** @type {number} */ pid) => {
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z';
};

/**
 * @typedef {object} CheckOptions
 * @property {Map<number, string>} [sessions] step by session id (test/steps.mjs)
 * @property {number} [graceMs] how long a process already ending may take to go
 * @property {(line: string) => void} [print] where the lines go
 */

/**
 * What the run left: its processes (after a grace for those already ending) and folders.
 * @param {string} run @param {CheckOptions} [options] @returns {Promise<Leftovers>}
 */
async function findLeftovers(run, { sessions = new Map(), graceMs = GRACE_MS } = {}) {
  const processes = await stillAlive(runProcesses(run, sessions), graceMs);
  return { processes, folders: runFolders(run) };
}

/**
 * The processes still alive after at most `ms` (a zombie has ended).
 * @param {LeftProcess[]} processes @param {number} ms @returns {Promise<LeftProcess[]>}
 */
async function stillAlive(processes, ms) {
  const until = performance.now() + ms;
  let left = processes.filter(({ pid }) => alive(pid));
  while (left.length > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    left = left.filter(({ pid }) => alive(pid));
  }
  return left;
}

/** One line a leftover, naming its owner. @param {Leftovers} leftovers */
function leftoverLines({ processes, folders }) {
  const named = (/** @type {string} */ owner) => (owner.includes('/') ? owner : `step ${owner}`);
  return [
    ...processes.map(({ pid, owner, command }) => `left running by ${named(owner)}: pid ${pid} ${command}`),
    ...folders.map(({ owner, name }) => `left in the temporary folder by ${named(owner)}: ${name}`),
  ];
}

/**
 * Checks a run: prints a line a leftover, kills the processes and removes the run's folder.
 * @param {string} run @param {CheckOptions} [options] @returns {Promise<number>} how many leftovers there were
 */
export async function checkRun(run, options = {}) {
  const { print = console.error } = options;
  const leftovers = await findLeftovers(run, options);
  const lines = leftoverLines(leftovers);
  for (const line of lines) print(`leftovers: ${line}`);
  for (const { pid } of leftovers.processes) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  for (const { pid, command } of await stillAlive(leftovers.processes, GRACE_MS))
    print(`leftovers: pid ${pid} did not end on SIGKILL: ${command}`);
  rmSync(run, { recursive: true, force: true });
  print(
    lines.length === 0
      ? 'leftovers: none (no process of the run outlived it, no temporary folder remains)'
      : `leftovers: ${leftovers.processes.length} processes and ${leftovers.folders.length} temporary folders left by the run (ended and removed now); each test file must end what it starts`,
  );
  return lines.length;
}

/**
 * Checks the runs whose checking process has gone without checking them (killed before its end):
 * their lines are printed and what they left is ended and removed, without failing this run.
 * @param {(line: string) => void} [print]
 */
export async function checkAbandonedRuns(print = console.error) {
  for (const name of readdirSync(tmpdir())) {
    const pid = new RegExp(`^${RUN_PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid === undefined || alive(Number(pid))) continue;
    print(`leftovers: an earlier run ended before its check (${name}):`);
    await checkRun(join(tmpdir(), name), { graceMs: 0, print });
  }
}
