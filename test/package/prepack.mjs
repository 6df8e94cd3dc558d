// @ts-check
// `prepack` of package.json: a tarball never ships without a file its manifest names. The
// demo's build (`npm run build:demo`) leaves the declarations out, and `npm pack` or `npm publish`
// after it would pack what is there; when a target is missing this runs the full build first.
// With a full dist/ (the test command's packs) it only looks, and adds no build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestTargets } from './manifest-targets.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The targets of package.json that dist/ lacks. */
function missingTargets() {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return manifestTargets(manifest).filter((target) => !existsSync(join(ROOT, target)));
}

const missing = missingTargets();
if (missing.length > 0) {
  const named = missing.length === 1 ? missing[0] : `${missing[0]} and ${missing.length - 1} more`;
  console.error(`prepack: the package would lack ${named}; building it (npm run build)`);
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const still = missingTargets();
  if (still.length > 0) {
    console.error(`prepack: after the build the package still lacks ${still.join(', ')}`);
    process.exit(1);
  }
}
