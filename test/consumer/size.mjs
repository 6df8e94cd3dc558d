// Size budget of the ESM client entry without its dependencies: the SDK's own code reachable from
// src/index.ts, bundled by esbuild with every package left external, minified, gzipped. Fails
// above the budget. The shipped dist/index.js also inlines p-retry and uuid (ESM-only, so not
// dependencies, docs/decisions.md); its size is printed beside, for information.
//
//   node test/consumer/size.mjs        (expects a built dist/ for the second figure)
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET_BYTES = 25 * 1000;
const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * Minified and gzipped size of `entry` bundled with every package external.
 * @param {string} entry
 */
async function measure(entry) {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`size: esbuild wrote no output for ${entry}`);
  return {
    minified: output.contents.byteLength,
    gzipped: gzipSync(output.contents, { level: 9 }).byteLength,
  };
}

const own = await measure('../../src/index.ts');
const over = own.gzipped > BUDGET_BYTES;
console.log(
  `size: client entry without dependencies: minified ${kb(own.minified)}, gzipped ${kb(own.gzipped)} ` +
    `(${own.gzipped} bytes); budget ${kb(BUDGET_BYTES)}: ${over ? 'OVER BUDGET' : 'ok'}`,
);
if (await stat(fileURLToPath(new URL('../../dist/index.js', import.meta.url))).catch(() => undefined)) {
  const shipped = await measure('../../dist/index.js');
  console.log(
    `size: shipped dist/index.js with the packages it inlines (p-retry, uuid): minified ${kb(shipped.minified)}, gzipped ${kb(shipped.gzipped)}`,
  );
}
if (over) {
  console.error(`size: the client entry is ${kb(own.gzipped - BUDGET_BYTES)} over its budget`);
  process.exitCode = 1;
}
