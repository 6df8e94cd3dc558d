import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildOptions, build } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..');
/** The ESM build of the main entry: a bundle holds what the package ships, not the sources. */
const BUILT_ENTRY = join(ROOT, 'dist', 'index.js');

export interface SdkBundle {
  code: string;
  /** The files esbuild put in the bundle, relative to the repository. */
  inputs: string[];
}

/**
 * An app bundled as an integrator's bundler would, with `loyalty-sdk` resolved to dist/index.js.
 * Nothing is external: a bundle that reached undici or a Node module fails here, as it would in
 * the integrator's build. `options` says what to bundle and for where (entry, platform, conditions).
 */
export async function bundleWithSdk(options: BuildOptions): Promise<SdkBundle> {
  if (!existsSync(BUILT_ENTRY)) {
    throw new Error(
      `${BUILT_ENTRY} is missing: run \`npm run build\` first (npm test builds before the tests)`,
    );
  }
  const result = await build({
    ...options,
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    // The repository's tsconfig.json maps `loyalty-sdk` and `#undici-loader` to src/; an
    // integrator's bundler sees the package's own package.json only.
    tsconfigRaw: {},
    // dist/index.js imports two chunks for their side effects only, which esbuild drops with a
    // warning (the package says sideEffects: false, and they have none); errors still print.
    logLevel: 'error',
    plugins: [
      {
        name: 'loyalty-sdk-from-dist',
        setup(plugin) {
          plugin.onResolve({ filter: /^loyalty-sdk$/ }, () => ({ path: BUILT_ENTRY }));
        },
      },
    ],
  });
  const [output] = result.outputFiles ?? [];
  if (!output) throw new Error('esbuild wrote no bundle');
  return { code: output.text, inputs: Object.keys(result.metafile?.inputs ?? {}) };
}
