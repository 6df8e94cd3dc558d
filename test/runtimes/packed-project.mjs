// @ts-check
// The package as integrators meet it: `npm pack` of the built tree, installed into a fresh
// project with msw beside it (the version this repository installed), from npm's cache when it can.
// Under `npm test` the build step's tarball (PACKED_TARBALL, test/steps.mjs) is installed instead
// of a new pack of this repository: the same files, packed once.
import { execFile } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packTree } from '../package/tarball.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** @param {string} name */
async function installedVersion(name) {
  const manifest = JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
  return manifest.version;
}

/**
 * @param {string} work a fresh folder
 * @param {string} [root] the tree to pack: this repository, or a worktree of another commit (built)
 * @returns {Promise<{ project: string, tarball: string }>}
 */
export async function installPackedTarball(work, root = ROOT) {
  if (!(await stat(join(root, 'dist', 'index.js')).catch(() => undefined))) {
    throw new Error(`${join(root, 'dist')} is missing: run \`npm run build\` first`);
  }
  await mkdir(work, { recursive: true });
  const packed = process.env.PACKED_TARBALL;
  const tarball =
    packed && resolve(root) === resolve(ROOT) ? resolve(ROOT, packed) : await packTree(root, work);
  const project = join(work, 'project');
  await mkdir(project);
  const manifest = {
    name: 'loyalty-sdk-runtime-matrix',
    private: true,
    type: 'module',
    dependencies: { 'loyalty-sdk': `file:${tarball}`, msw: await installedVersion('msw') },
  };
  await writeFile(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = ['install', '--no-audit', '--no-fund', '--loglevel=error'];
  await run('npm', [...install, '--offline'], { cwd: project }).catch(() =>
    run('npm', [...install, '--prefer-offline'], { cwd: project }),
  );
  return { project, tarball: basename(tarball) };
}
