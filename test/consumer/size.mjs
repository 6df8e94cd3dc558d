// Size budgets of what integrators load, measured on the built dist/ (fails above a budget):
// - a one-call Worker: `new LoyaltyClient(...)` and one `clientes.retrieve`, bundled as wrangler
//   bundles (esbuild, minified, the Workers conditions), gzipped;
// - the main entry as Node loads it: dist/index.js and the chunks it imports, with the packages
//   bundled into dist (zod), minified, gzipped.
// Printed beside, for information: the SDK's own code of the main entry (src/index.ts, every
// package external). The Worker's budget is what the third round reached; the main entry's, what
// it measured once the operation table moved to loyalty-sdk/operations, plus 1% (docs/decisions.md).
//
//   node test/consumer/size.mjs        (after npm run build)
import { mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { workerBuildOptions } from '../runtimes/worker-build.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUDGETS = { worker: 28_150, main: 30_700 };
const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** @param {import('esbuild').BuildResult} result */
function sizes(result) {
  const output = result.outputFiles?.[0];
  if (!output) throw new Error('size: esbuild wrote no output');
  return {
    minified: output.contents.byteLength,
    gzipped: gzipSync(output.contents, { level: 9 }).byteLength,
  };
}

/** The SDK's own code of `entry`, every package left external (Node's platform). */
async function ownCode(/** @type {string} */ entry) {
  return sizes(
    await build({
      entryPoints: [join(ROOT, entry)],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      minify: true,
      write: false,
      logLevel: 'silent',
    }),
  );
}

const ONE_CALL_WORKER = `import { LoyaltyClient } from 'loyalty-sdk';
export default {
  async fetch(request) {
    const client = new LoyaltyClient({ apiKey: 'size-check-api-key', baseUrl: new URL(request.url).origin });
    return Response.json(await client.clientes.retrieve('c-0001'));
  },
};`;

/**
 * The one-call Worker, resolving `loyalty-sdk` to this repository's dist/ through a project
 * outside it: no tsconfig.json of ours steers the bundle, as none steers an integrator's.
 */
async function oneCallWorker() {
  const project = await mkdtemp(join(tmpdir(), 'loyalty-size-'));
  try {
    await mkdir(join(project, 'node_modules'));
    await symlink(ROOT, join(project, 'node_modules', 'loyalty-sdk'), 'dir');
    return sizes(
      await build({
        stdin: { contents: ONE_CALL_WORKER, resolveDir: project, loader: 'js' },
        ...workerBuildOptions({ nodejsCompat: false }),
        minify: true,
        tsconfigRaw: {},
        write: false,
        logLevel: 'silent',
      }),
    );
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

if (!(await stat(join(ROOT, 'dist', 'index.js')).catch(() => undefined))) {
  console.error('size: dist/ is missing: run npm run build first');
  process.exit(1);
}
const measured = {
  worker: { label: 'a one-call Worker (esbuild, Workers conditions)', ...(await oneCallWorker()) },
  main: {
    label: 'the main entry as Node loads it (dist/index.js, zod inlined)',
    ...(await ownCode('dist/index.js')),
  },
};
let over = false;
for (const [name, figure] of Object.entries(measured)) {
  const budget = BUDGETS[/** @type {keyof typeof BUDGETS} */ (name)];
  const fits = figure.gzipped <= budget;
  over ||= !fits;
  console.log(
    `size: ${figure.label}: minified ${kb(figure.minified)}, gzipped ${kb(figure.gzipped)} (${figure.gzipped} bytes); budget ${kb(budget)}: ${fits ? 'ok' : 'OVER BUDGET'}`,
  );
}
const own = await ownCode('src/index.ts');
console.log(
  `size: the SDK's own code of the main entry, packages external: minified ${kb(own.minified)}, gzipped ${kb(own.gzipped)}`,
);
if (over) {
  console.error('size: over budget; see what grew with esbuild --analyze on the bundle above');
  process.exitCode = 1;
}
