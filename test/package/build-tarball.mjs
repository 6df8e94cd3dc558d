// @ts-check
// The build step of `npm test`: the package built as a publish after `npm run demo` builds it.
// `npm run build:demo` leaves the declarations out; `npm pack` then runs package.json's prepack,
// which finds them missing and runs the full build (`npm run build`). The tarball must hold every
// file the manifest names, and it stays in .tmp/pack for the steps after this one (the consumer
// check, the runtime matrix and the tests that install the package), which pack nothing again.
//
//   node test/package/build-tarball.mjs
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { exportedTypes, manifestTargets } from './manifest-targets.mjs';
import { packTree, TARBALL_FOLDER, tarballContents } from './tarball.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/** @param {unknown} error */
function fail(error) {
  const {
    message,
    stdout = '',
    stderr = '',
  } = /** @type {{ message: string, stdout?: string, stderr?: string }} */ (error);
  console.error(`build:tarball FAILED: ${message}`);
  const output = `${stdout}${stderr}`.trim();
  if (output) console.error(output.replace(/^/gm, '  | '));
  process.exit(1);
}

const started = performance.now();
try {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  const types = exportedTypes(manifest);
  if (types.length === 0) throw new Error('package.json names no types file in its exports');

  await run('npm', ['run', '--silent', 'build:demo'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  const lacking = types.filter((file) => !existsSync(join(ROOT, file)));
  if (lacking.length === 0) {
    throw new Error(
      'build:demo wrote every declaration: the pack after it no longer needs the prepack build',
    );
  }
  console.log(
    `build:demo: ${seconds(performance.now() - started)}, ${lacking.length} of the ${types.length} types files the exports name left out`,
  );

  const folder = join(ROOT, TARBALL_FOLDER);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const packing = performance.now();
  const tarball = await packTree(ROOT, folder);
  const { files } = await tarballContents(tarball);
  const missing = manifestTargets(manifest).filter((target) => !files.has(target));
  if (missing.length > 0)
    throw new Error(`the tarball lacks files package.json names: ${missing.join(', ')}`);
  console.log(
    `npm pack (its prepack ran the full build): ${seconds(performance.now() - packing)}, ${files.size} files; every exports/main/types/bin target present, all ${types.length} types files among them`,
  );
  console.log(
    `build:tarball: ${join(TARBALL_FOLDER, tarball.split('/').pop() ?? '')} in ${seconds(performance.now() - started)}`,
  );
} catch (error) {
  fail(error);
}
