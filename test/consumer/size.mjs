// Size budgets of what integrators load, measured on the built dist/ (fails above a budget):
// - a one-call Worker: `new LoyaltyClient(...)` and one `clientes.retrieve`, bundled as wrangler
//   bundles (esbuild, minified, the Workers conditions), gzipped; held to a byte budget and to at
//   most WORKER_RATIO of openai-node's same Worker (`new OpenAI(...)` and one `models.list`),
//   bundled the same way in the same run, so the two figures always come from one esbuild;
// - the main entry as Node loads it: dist/index.js and the chunks and `#` imports it loads, with
//   the packages bundled into dist (zod), minified, gzipped.
// Printed beside, for information: the SDK's own code of the main entry (src/index.ts, every
// package external). The budgets are what the fifth round reached plus a margin: the Worker's
// 26,800 bytes plus 100 (the order of tsup's chunks moves it by tens of bytes either way), the
// main entry's 29,970 plus 1%.
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
const BUDGETS = { worker: 26_900, main: 30_300 };
/** The one-call Worker against openai-node's: the target the SDK keeps since the third round. */
const WORKER_RATIO = 0.75;
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

/**
 * The code of `entry` with every package left external (Node's platform). An entry of dist/ is
 * read without our tsconfig.json, whose paths map `#undici-loader` and `#open-telemetry` to src/:
 * they resolve through package.json to the dist/ files Node loads.
 */
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
      ...(entry.startsWith('dist/') ? { tsconfigRaw: {} } : {}),
      write: false,
      logLevel: 'silent',
    }),
  );
}

/** One call, the same shape for both SDKs: a client made per request, its one call's answer returned. */
const oneCall = (
  /** @type {string} */ imports,
  /** @type {string} */ client,
  /** @type {string} */ call,
) => `${imports}
export default {
  async fetch(request) {
    const client = ${client};
    return Response.json(await client.${call});
  },
};`;

const WORKERS = {
  sdk: {
    package: 'loyalty-sdk',
    source: oneCall(
      "import { LoyaltyClient } from 'loyalty-sdk';",
      "new LoyaltyClient({ apiKey: 'size-check-api-key', baseUrl: new URL(request.url).origin })",
      "clientes.retrieve('c-0001')",
    ),
  },
  openai: {
    package: 'openai',
    source: oneCall(
      "import OpenAI from 'openai';",
      "new OpenAI({ apiKey: 'size-check-api-key', baseURL: new URL(request.url).origin })",
      'models.list()',
    ),
  },
};

/**
 * A one-call Worker, resolving its package through a project outside this repository (loyalty-sdk:
 * this repository's dist/; openai: the devDependency): no tsconfig.json of ours steers the bundle,
 * as none steers an integrator's.
 * @param {{ package: string, source: string }} worker
 */
async function oneCallWorker(worker) {
  const target = worker.package === 'loyalty-sdk' ? ROOT : join(ROOT, 'node_modules', worker.package);
  const project = await mkdtemp(join(tmpdir(), 'loyalty-size-'));
  try {
    await mkdir(join(project, 'node_modules'));
    await symlink(target, join(project, 'node_modules', worker.package), 'dir');
    return sizes(
      await build({
        stdin: { contents: worker.source, resolveDir: project, loader: 'js' },
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
if (!(await stat(join(ROOT, 'node_modules', 'openai', 'package.json')).catch(() => undefined))) {
  console.error("size: openai-node, the Worker's measure, is not installed (a devDependency): run npm ci");
  process.exit(1);
}
const openai = await oneCallWorker(WORKERS.openai);
const measured = {
  worker: { label: 'a one-call Worker (esbuild, Workers conditions)', ...(await oneCallWorker(WORKERS.sdk)) },
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
const ratio = measured.worker.gzipped / openai.gzipped;
const withinRatio = ratio <= WORKER_RATIO;
over ||= !withinRatio;
console.log(
  `size: openai-node's one-call Worker, bundled the same way: minified ${kb(openai.minified)}, gzipped ${kb(openai.gzipped)} (${openai.gzipped} bytes); ours is ${ratio.toFixed(3)}x of it, at most ${WORKER_RATIO}x: ${withinRatio ? 'ok' : 'OVER BUDGET'}`,
);
const own = await ownCode('src/index.ts');
console.log(
  `size: the SDK's own code of the main entry, packages external: minified ${kb(own.minified)}, gzipped ${kb(own.gzipped)}`,
);
if (over) {
  console.error('size: over budget; see what grew with esbuild --analyze on the bundle above');
  process.exitCode = 1;
}
