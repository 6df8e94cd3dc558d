// @ts-check
// The files package.json points a consumer at, read from the manifest itself: the prepack
// script (test/package/prepack.mjs) and the consumer check (test/consumer/run.mjs) share them.

/**
 * Every string of `value`, nested as deep as it goes, without `./` and without patterns.
 * @param {unknown} value @param {Set<string>} into
 */
function collect(value, into) {
  if (typeof value === 'string') {
    if (!value.includes('*')) into.add(value.replace(/^\.\//, ''));
  } else if (value && typeof value === 'object') {
    for (const nested of Object.values(value)) collect(nested, into);
  }
}

/**
 * Every file the manifest points a consumer at: exports, main/module/types, bin, typesVersions.
 * @param {Record<string, unknown>} manifest
 */
export function manifestTargets(manifest) {
  /** @type {Set<string>} */
  const targets = new Set();
  collect(manifest.exports, targets);
  collect([manifest.main, manifest.module, manifest.types, manifest.typings], targets);
  collect(typeof manifest.bin === 'string' ? [manifest.bin] : manifest.bin, targets);
  collect(manifest.typesVersions, targets);
  return [...targets].sort();
}

/**
 * The declaration files the exports name: every `types` condition, at any depth.
 * @param {Record<string, unknown>} manifest
 */
export function exportedTypes(manifest) {
  /** @type {Set<string>} */
  const types = new Set();
  /** @param {unknown} value */
  const visit = (value) => {
    if (!value || typeof value !== 'object') return;
    for (const [condition, nested] of Object.entries(value)) {
      if (condition === 'types') collect(nested, types);
      else visit(nested);
    }
  };
  visit(manifest.exports);
  return [...types].sort();
}
