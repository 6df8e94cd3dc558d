/**
 * The command never ends with status 0 while its call is pending (issue "A hostile or broken
 * service"): when the event loop empties before the command's promise settled, one line on stderr
 * and a non-zero status. Each case runs `failIfUnsettled` (src/cli/shared/unfinished.ts, as
 * main.ts uses it) in a process of its own, bundled with esbuild, so the loop really empties.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../support/end-after.js';

const dir = temporaryFolder('loyalty-unfinished-');
const GUARD = join(import.meta.dirname, '..', '..', 'src', 'cli', 'shared', 'unfinished.ts');
const LINE = 'loyalty: the call did not finish (test)';

/** Runs a program whose command is `promise` (an expression) under the guard; its status and stderr. */
async function runGuarded(name: string, promise: string): Promise<{ code: number; stderr: string }> {
  const entry = join(dir, `${name}.ts`);
  const bundle = join(dir, `${name}.mjs`);
  writeFileSync(
    entry,
    `import { failIfUnsettled } from ${JSON.stringify(GUARD)};\n` +
      `const command = (${promise}).then(() => { process.exitCode = 0; }, () => { process.exitCode = 1; });\n` +
      `failIfUnsettled(command, ${JSON.stringify(LINE)}, 7);\n`,
  );
  await build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  });
  return new Promise((resolve) => {
    execFile(process.execPath, [bundle], { encoding: 'utf8', timeout: 10_000 }, (error, _, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stderr });
    });
  });
}

describe('failIfUnsettled', () => {
  it.each([
    ['a promise that never settles, nothing else to wait for', 'new Promise(() => {})', 7, `${LINE}\n`],
    ['a promise that resolves', 'Promise.resolve(0)', 0, ''],
    ['a promise that rejects (the command reports it)', 'Promise.reject(new Error("x"))', 1, ''],
    [
      'a promise that settles after a timer (the loop is not empty while it waits)',
      'new Promise((resolve) => setTimeout(resolve, 0))',
      0,
      '',
    ],
  ])('%s: exit %i', async (_, promise, code, stderr) => {
    const run = await runGuarded(`case-${code}-${stderr.length}-${promise.length}`, promise);
    expect(run.stderr).toBe(stderr);
    expect(run.code).toBe(code);
  });
});
