// @ts-check
/**
 * BENCH_AGAINST=<commit>, for every bench that takes it (`npm run bench`, `bench:start`,
 * `bench:server`): that commit checked out in a git worktree, with its dependencies, and built,
 * so that its figures and this tree's come from one run on one machine.
 */
import { execFile } from 'node:child_process';
import { lstat, mkdtemp, readFile, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** @param {string[]} args @param {string} [cwd] */
async function git(args, cwd = ROOT) {
  const { stdout } = await run('git', args, { cwd });
  return stdout.trim();
}

/** @param {string} path */
const readOrNothing = (path) => readFile(path, 'utf8').catch(() => undefined);

/**
 * The worktree's node_modules: this repository's, linked, when the commit's lockfile is the one they
 * were installed from; otherwise its own, installed by `npm ci` from npm's cache (an earlier commit
 * may need dependencies this tree has dropped since).
 * @param {string} tree
 * @returns {Promise<'linked' | 'installed'>}
 */
async function provideDependencies(tree) {
  const lockfile = await readOrNothing(join(tree, 'package-lock.json'));
  if (lockfile !== undefined && lockfile === (await readOrNothing(join(ROOT, 'package-lock.json')))) {
    await symlink(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    return 'linked';
  }
  const install = ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
  await run('npm', [...install, '--offline'], { cwd: tree }).catch(() =>
    run('npm', [...install, '--prefer-offline'], { cwd: tree }),
  );
  return 'installed';
}

/** @param {string} tree */
async function removeWorktree(tree) {
  const modules = join(tree, 'node_modules');
  // A link is unlinked, never followed: this repository's node_modules stay as they are.
  const stats = await lstat(modules).catch(() => undefined);
  if (stats?.isSymbolicLink()) await unlink(modules);
  else await rm(modules, { recursive: true, force: true });
  await git(['worktree', 'remove', '--force', tree]);
}

/**
 * BENCH_AGAINST: `commit` checked out in a git worktree under `work`, with its dependencies, and
 * built there (`npm run build`); its dist/ is the tree's.
 * @param {string} commit @param {string} work a fresh folder
 * @returns {Promise<{ short: string, tree: string, remove: () => Promise<void> }>}
 */
export async function againstBuild(commit, work) {
  const short = await git(['rev-parse', '--short', `${commit}^{commit}`]);
  const tree = join(work, `worktree-${short}`);
  await git(['worktree', 'add', '--detach', tree, short]);
  const remove = () => removeWorktree(tree);
  try {
    const dependencies = await provideDependencies(tree);
    process.stderr.write(`BENCH_AGAINST: building ${short} in ${tree} (node_modules ${dependencies})...\n`);
    await run('npm', ['run', 'build', '--silent'], { cwd: tree, maxBuffer: 64 * 1024 * 1024 });
    return { short, tree, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * BENCH_AGAINST: `commit` built (`againstBuild`) in a fresh folder of the system's temporary
 * folder; `remove` takes the worktree and the folder away again.
 * @param {string} commit
 * @returns {Promise<{ short: string, tree: string, remove: () => Promise<void> }>}
 */
export async function againstTree(commit) {
  const work = await mkdtemp(join(tmpdir(), 'loyalty-bench-against-'));
  try {
    const { short, tree, remove } = await againstBuild(commit, work);
    return { short, tree, remove: () => remove().finally(() => rm(work, { recursive: true, force: true })) };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
