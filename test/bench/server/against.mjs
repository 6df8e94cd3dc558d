// @ts-check
// BENCH_AGAINST=<commit>: the reference server as that commit built it, loaded in the same rounds,
// so that a change's cost is a ratio of one run rather than a comparison of two days' figures.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Builds `commit` in .tmp/bench-against/<sha> (its files from `git archive`, today's node_modules)
 * once, and gives the URL of its server entry.
 * @param {string} commit
 * @returns {{ sha: string, serverEntry: string }}
 */
export function buildAt(commit) {
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  let sha;
  try {
    sha = git('rev-parse', '--verify', '--quiet', `${commit}^{commit}`);
  } catch {
    throw new Error(`BENCH_AGAINST=${commit}: git knows no such commit here`);
  }
  const folder = `${ROOT}.tmp/bench-against/${sha.slice(0, 12)}`;
  const entry = `${folder}/dist/server.js`;
  if (!existsSync(entry)) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${folder}"`], { cwd: ROOT });
    symlinkSync(`${ROOT}node_modules`, `${folder}/node_modules`, 'dir');
    try {
      execFileSync(`${ROOT}node_modules/.bin/tsup`, [], { cwd: folder, stdio: 'ignore' });
    } catch {
      throw new Error(`BENCH_AGAINST=${commit}: its build failed (run npx tsup in ${folder} to see why)`);
    }
    if (!existsSync(entry)) throw new Error(`BENCH_AGAINST=${commit}: its build wrote no dist/server.js`);
  }
  return { sha, serverEntry: pathToFileURL(entry).href };
}
