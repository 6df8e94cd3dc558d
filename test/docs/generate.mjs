// Writes the parts of the repository that are rendered from the operation table:
//
//   node test/docs/generate.mjs readme-table   README.md's table of methods (npm run docs:readme-table)
//   node test/docs/generate.mjs types          src/operations/types.generated.ts and types.proof.ts (npm run docs:types)
//
// The renderers are TypeScript and import the table from src/, so esbuild bundles the one asked
// for into .tmp/ (packages left external) and plain node runs it: no build of the package needed.
// Their tests (readme-table.test.ts, types-file.test.ts) fail when a written file is out of date.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** @typedef {{ withMethodTable: (readme: string) => string, renderTypesFile: () => string, renderProofFile: () => string, TYPES_FILE: string, PROOF_FILE: string }} Renderers */

/** @type {Record<string, { renderer: string, write: (module: Renderers) => Promise<string> }>} */
const TARGETS = {
  'readme-table': {
    renderer: 'method-table.ts',
    async write({ withMethodTable }) {
      const file = `${ROOT}README.md`;
      await writeFile(file, withMethodTable(await readFile(file, 'utf8')));
      return 'README.md';
    },
  },
  types: {
    renderer: 'types-file.ts',
    async write({ renderTypesFile, renderProofFile, TYPES_FILE, PROOF_FILE }) {
      await writeFile(`${ROOT}${TYPES_FILE}`, renderTypesFile());
      await writeFile(`${ROOT}${PROOF_FILE}`, renderProofFile());
      return `${TYPES_FILE} and ${PROOF_FILE}`;
    },
  },
};

const name = process.argv[2] ?? '';
const target = TARGETS[name];
if (!target) {
  console.error(`usage: node test/docs/generate.mjs ${Object.keys(TARGETS).join(' | ')}`);
  process.exit(2);
}
const outfile = `${ROOT}.tmp/generate/${name}.mjs`;
await build({
  entryPoints: [fileURLToPath(new URL(target.renderer, import.meta.url))],
  outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
const written = await target.write(await import(pathToFileURL(outfile).href));
console.log(`wrote ${written}`);
