// npm test: the whole check, step by step, each step's time printed after it and all of them at
// the end (the step that failed last). Stops at the first step that fails, with its exit code.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const STEPS = [
  'lint',
  'knip',
  'typecheck',
  'build',
  'check:api',
  'docs',
  'test:unit',
  'check:package',
  'check:size',
  'check:consumer',
  'check:runtimes',
];

/** Runs the steps in order; exits with the first failure's code. */
function runSteps() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
  /** @type {[string, number, boolean][]} */
  const times = [];
  let failed;
  const started = performance.now();
  for (const step of STEPS) {
    const start = performance.now();
    const run = spawnSync(npm, ['run', step], { stdio: 'inherit', shell: process.platform === 'win32' });
    const took = performance.now() - start;
    times.push([step, took, run.status === 0]);
    console.log(`\nnpm test: ${step} ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}\n`);
    if (run.status !== 0) {
      failed = run.status ?? 1;
      break;
    }
  }
  console.log('npm test, step by step:');
  for (const [step, took, ok] of times)
    console.log(`  ${step.padEnd(16)} ${seconds(took).padStart(8)}${ok ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(16)} ${seconds(performance.now() - started).padStart(8)}`);
  process.exit(failed ?? 0);
}

// Run as `node test/steps.mjs`, not when a test imports the list.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runSteps();
