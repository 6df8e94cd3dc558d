import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..');
/** The ESM build of the main entry: the page runs what the package ships, not the sources. */
const BUILT_ENTRY = join(ROOT, 'dist', 'index.js');
const PAGE_APP = join(import.meta.dirname, 'page-app.ts');

export interface PageBundle {
  code: string;
  /** The files esbuild put in the bundle, relative to the repository. */
  inputs: string[];
}

/**
 * page-app.ts bundled for the browser as a web developer's bundler would, with `loyalty-sdk`
 * resolved to dist/index.js. Nothing is external: a bundle that reached undici or a Node module
 * fails here, as it would in the developer's build.
 */
export async function bundlePage(): Promise<PageBundle> {
  if (!existsSync(BUILT_ENTRY)) {
    throw new Error(
      `${BUILT_ENTRY} is missing: run \`npm run build\` first (npm test builds before the tests)`,
    );
  }
  const result = await build({
    entryPoints: [PAGE_APP],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    // The repository's tsconfig.json maps `loyalty-sdk` and `#undici-loader` to src/; a web
    // developer's bundler sees the package's own package.json only.
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
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle');
  return { code: output.text, inputs: Object.keys(result.metafile.inputs) };
}
