// @ts-check
/**
 * bench:start's projects, outside this repository (under the system's temporary folder): the
 * packed package installed into a fresh project, with the child scripts and openai-node beside it,
 * so that every runtime loads the package as an integrator does. (Inside the repository, Bun took
 * `loyalty-sdk` from tsconfig.json's `paths`, the TypeScript sources, where Node took dist/.)
 * With BENCH_AGAINST, the same for an earlier commit: built in a git worktree, packed, installed.
 */
import { execFile } from 'node:child_process';
import { copyFile, cp, lstat, readFile, rm, symlink, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { installPackedTarball } from '../runtimes/packed-project.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));
const run = promisify(execFile);

/** The child scripts, one cold start each; copied into every project. */
export const SCRIPTS = {
  bare: 'cold-start-bare.mjs',
  openai: 'cold-start-openai.mjs',
  sdk: 'cold-start-sdk.mjs',
};

/**
 * The packed `root` installed into `work`/project, with the child scripts and openai-node.
 * @param {string} work a fresh folder
 * @param {string} [root] the built tree to pack (this repository by default)
 * @returns {Promise<string>} the project's folder
 */
export async function benchProject(work, root = ROOT) {
  const { project } = await installPackedTarball(work, root);
  for (const script of Object.values(SCRIPTS)) await copyFile(join(HERE, script), join(project, script));
  // A copy, not a link: a runtime follows a link to its real path, back inside this repository.
  // openai has no dependencies of its own.
  await cp(join(ROOT, 'node_modules', 'openai'), join(project, 'node_modules', 'openai'), {
    recursive: true,
  });
  return project;
}

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
 * BENCH_AGAINST for bench:start: `commit` built (`againstBuild`), packed and installed into a
 * project of its own.
 * @param {string} commit @param {string} work a fresh folder
 * @returns {Promise<{ short: string, project: string, remove: () => Promise<void> }>}
 */
export async function againstProject(commit, work) {
  const { short, tree, remove } = await againstBuild(commit, work);
  try {
    return { short, project: await benchProject(join(work, 'packed'), tree), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
