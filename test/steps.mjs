// npm test: the whole check, in phases. The steps of a phase run side by side (each one's output
// printed whole when it ends, so that two never interleave); a phase starts when the one before
// passed. Each step's time is printed after it and all of them at the end. Stops after the first
// phase with a failed step, with that step's exit code; the leftover check runs last whatever came
// before, so that a failed run leaves nothing behind either.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkAbandonedRuns, RUN_MARK, runEnv, STEP_SESSIONS, startRun } from './leftovers/leftovers.mjs';
import { TARBALL_FOLDER } from './package/tarball.mjs';

/**
 * What may run beside what: lint, unused code and types beside the build they do not need; the
 * checks of the build before the tests; the package's consumers last, on the tested build. The
 * build packs the tarball too (test/package/build-tarball.mjs); every later step that installs the
 * package installs that one (PACKED_TARBALL) instead of packing again. Last, alone, the check that
 * the run left no process and no temporary folder behind (test/leftovers/).
 */
export const PHASES = [
  ['lint', 'knip', 'typecheck', 'build:tarball'],
  ['check:api', 'docs', 'check:size'],
  ['test:unit'],
  ['check:package', 'check:consumer', 'check:runtimes'],
  ['check:leftovers'],
];

export const STEPS = PHASES.flat();

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The tarball build:tarball packed, once it has: the environment of the steps after it. */
function packedTarball() {
  const folder = join(ROOT, TARBALL_FOLDER);
  const [name] = readdirSync(folder).filter((file) => file.endsWith('.tgz'));
  if (!name) throw new Error(`build:tarball left no tarball in ${folder}`);
  return join(folder, name);
}
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Each step leads a session of its own (POSIX), so that the leftover check finds its processes
 * even when they dropped the environment that marks them; the steps running now, by session id.
 * @type {Map<number, string>}
 */
const sessions = new Map();
const running = new Set();
const detached = process.platform !== 'win32';

// Out of the terminal's session, a step no longer gets the terminal's Ctrl-C: pass it on, then let
// the leftover check end what remains.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const pid of running) {
      try {
        process.kill(detached ? -pid : pid, signal);
      } catch {
        // the step's group has just ended
      }
    }
  });
}

/**
 * Runs one step; alone in its phase its output streams, else it is kept and printed at its end.
 * @param {string} step @param {boolean} alone @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ step: string, took: number, code: number }>}
 */
function runStep(step, alone, env) {
  const start = performance.now();
  return new Promise((done) => {
    const child = spawn(npm, ['run', step], {
      env,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
      detached,
    });
    if (child.pid !== undefined) {
      sessions.set(child.pid, step);
      running.add(child.pid);
    }
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child.pid);
      if (!alone) process.stdout.write(Buffer.concat(output));
      const took = performance.now() - start;
      const status = code ?? (signal ? 1 : 0);
      console.log(`\nnpm test: ${step} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}\n`);
      done({ step, took, code: status });
    });
  });
}

/**
 * Runs the phases in order, the leftover check last even after a failure; exits with the first
 * failed step's code. Every step runs with the run's mark and a temporary folder of its own in the
 * run's (test/leftovers/leftovers.mjs).
 */
async function runPhases() {
  /** @type {{ step: string, took: number, code: number }[]} */
  const times = [];
  let failed;
  const started = performance.now();
  await checkAbandonedRuns();
  const run = startRun();
  /** @type {NodeJS.ProcessEnv} */
  let env = { ...process.env };
  delete env.PACKED_TARBALL;
  delete env[STEP_SESSIONS];
  delete env[RUN_MARK];
  const last = PHASES.length - 1;
  for (const [index, phase] of PHASES.entries()) {
    if (failed !== undefined && index < last) continue;
    const stepEnv = (/** @type {string} */ step) => ({
      ...env,
      ...runEnv(run, step),
      ...(index === last ? { [STEP_SESSIONS]: JSON.stringify(Object.fromEntries(sessions)) } : {}),
    });
    const results = await Promise.all(phase.map((step) => runStep(step, phase.length === 1, stepEnv(step))));
    times.push(...results);
    failed ??= results.find((result) => result.code !== 0)?.code;
    if (failed === undefined && phase.includes('build:tarball'))
      env = { ...env, PACKED_TARBALL: packedTarball() };
  }
  console.log('npm test, step by step (the steps of a phase side by side):');
  for (const [index, phase] of PHASES.entries()) {
    for (const { step, took, code } of times.filter((time) => phase.includes(time.step))) {
      console.log(
        `  ${index + 1} ${step.padEnd(16)} ${seconds(took).padStart(8)}${code === 0 ? '' : '  FAILED'}`,
      );
    }
  }
  console.log(`  ${'total'.padEnd(18)} ${seconds(performance.now() - started).padStart(8)}`);
  process.exit(failed ?? 0);
}

// Run as `node test/steps.mjs`, not when a test imports the list.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runPhases();
