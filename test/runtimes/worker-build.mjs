// @ts-check
// How the matrix (and bench:start, check:size) bundles a Worker: what wrangler does, the Workers
// conditions first. docs/runtimes.md shows the same options as an esbuild command line
// (`esbuildCommandLine`), and test/docs/runtimes-doc.test.ts holds the two together.

/**
 * @param {{ nodejsCompat: boolean }} options
 * @returns {{ bundle: true, format: 'esm', platform: 'neutral', conditions: string[], mainFields: string[], external: string[] }}
 */
export function workerBuildOptions({ nodejsCompat }) {
  return {
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    // Under nodejs_compat the runtime provides Node's modules; without it nothing may import them.
    external: nodejsCompat ? ['node:*'] : [],
  };
}

/**
 * The esbuild command line of `workerBuildOptions`: one flag per option, so an option the matrix
 * adds and this does not know fails here instead of leaving the docs behind.
 * @param {ReturnType<typeof workerBuildOptions>} options @param {string} entry @param {string} outfile
 */
export function esbuildCommandLine(options, entry, outfile) {
  /** @type {Record<string, (value: never) => string[]>} */
  const flags = {
    bundle: (/** @type {boolean} */ on) => (on ? ['--bundle'] : []),
    format: (/** @type {string} */ format) => [`--format=${format}`],
    platform: (/** @type {string} */ platform) => [`--platform=${platform}`],
    conditions: (/** @type {string[]} */ names) => [`--conditions=${names.join(',')}`],
    mainFields: (/** @type {string[]} */ names) => [`--main-fields=${names.join(',')}`],
    external: (/** @type {string[]} */ names) => names.map((name) => `'--external:${name}'`),
  };
  const words = Object.entries(options).flatMap(([name, value]) => {
    const flag = flags[name];
    if (!flag) throw new Error(`esbuildCommandLine: no flag for the option ${name}`);
    return flag(/** @type {never} */ (value));
  });
  return ['npx esbuild', entry, ...words, `--outfile=${outfile}`].join(' ');
}
