// @ts-check
// `npm pack` of a tree and what the tarball holds: the build step of `npm test`
// (build-tarball.mjs), the consumer check (test/consumer/run.mjs) and the installs of the packed
// package (test/runtimes/packed-project.mjs) share them.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where `npm test` keeps the tarball its build step packed, for the steps after it. */
export const TARBALL_FOLDER = '.tmp/pack';

/**
 * `npm pack` of `tree` into `destination`, its prepack run as for `npm publish`; the tarball's path.
 * @param {string} tree @param {string} destination
 */
export async function packTree(tree, destination) {
  const args = ['pack', '--json', '--loglevel=error', '--pack-destination', destination];
  const { stdout } = await run('npm', args, { cwd: tree, maxBuffer: 64 * 1024 * 1024 }).catch((error) => {
    // What npm and the prepack's build printed says why; execFile's message alone does not.
    throw new Error(`\`npm pack\` in ${tree} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  });
  // A prepack's build may print before npm's JSON, which starts a line with `[`.
  const [{ filename }] = JSON.parse(
    stdout.startsWith('[') ? stdout : stdout.slice(stdout.lastIndexOf('\n[') + 1),
  );
  return join(destination, filename);
}

/**
 * The files of a tarball (paths below `package/`) and the package.json it holds.
 * @param {string} tarball
 */
export async function tarballContents(tarball) {
  const listing = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
  const files = new Set(
    listing.stdout
      .split('\n')
      .filter((line) => line.trim() && !line.trim().endsWith('/'))
      .map((line) => line.trim().replace(/^package\//, '')),
  );
  const manifest = JSON.parse((await run('tar', ['-xzOf', tarball, 'package/package.json'])).stdout);
  return { files, manifest };
}
