// @ts-check
/**
 * bench:start's projects, outside this repository (under the system's temporary folder): the
 * packed package installed into a fresh project, with the child scripts and openai-node beside it,
 * so that every runtime loads the package as an integrator does. (Inside the repository, Bun took
 * `loyalty-sdk` from tsconfig.json's `paths`, the TypeScript sources, where Node took dist/.)
 * With BENCH_AGAINST, the same for an earlier commit: built in a git worktree, packed, installed.
 */
import { copyFile, cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPackedTarball } from '../runtimes/packed-project.mjs';
import { againstBuild } from './against-build.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));

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
