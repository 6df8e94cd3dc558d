// @ts-check
/**
 * `npm run fuzz`: every property of test/fuzz with 100,000 cases (FUZZ_RUNS to change it), then a
 * summary of each property's cases, time and seed. A failing property prints its seed, its path
 * and the shrunk counterexample; replay it with
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/fuzz -t '<test name>'
 * Extra arguments go to vitest (e.g. a file: `npm run fuzz -- test/fuzz/server-requests.test.ts`).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = process.env.FUZZ_RUNS ?? '100000';
const extra = process.argv.slice(2);
const targets = extra.some((arg) => !arg.startsWith('-')) ? [] : ['test/fuzz'];
const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

console.log(
  `fuzz: ${runs} cases per property${process.env.FUZZ_SEED ? `, seed ${process.env.FUZZ_SEED}` : ''}`,
);
const started = Date.now();
const child = spawn(process.execPath, [vitest, 'run', ...targets, '--reporter=verbose', ...extra], {
  cwd: root,
  env: { ...process.env, FUZZ_RUNS: runs },
  stdio: ['ignore', 'pipe', 'pipe'],
});

/** The `[fuzz] ...` lines the properties print: one per property, passed or failed. */
const summary = /** @type {string[]} */ ([]);
for (const stream of /** @type {const} */ (['stdout', 'stderr'])) {
  const source = child[stream];
  if (!source) continue;
  createInterface({ input: source }).on('line', (line) => {
    (stream === 'stdout' ? process.stdout : process.stderr).write(`${line}\n`);
    const plain = stripVTControlCharacters(line);
    if (plain.startsWith('[fuzz] ') && !plain.includes(' outcomes: ')) summary.push(plain);
  });
}

child.on('close', (code) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\nfuzz summary (${runs} cases per property, ${seconds} s in all):`);
  for (const line of summary) console.log(`  ${line.slice('[fuzz] '.length)}`);
  if (code !== 0) console.log('\nFAILED: the seed and path of each failure are above; see the replay line.');
  process.exitCode = code ?? 1;
});
