/**
 * The docs a reader of the package has (README.md, CHANGELOG.md, docs/*.md) stand on their own:
 * none cites the design files of the repository that built it (the names OUTSIDE matches), which
 * a reader does not have. docs/architecture.md is ours and may be cited.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const DOCS = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const OUTSIDE = /CONTRACT\.md|ARCHITECTURE\.md|\.\.\/shared\b/;

describe('the docs stand on their own', () => {
  it.each(DOCS)('%s cites no file a reader of the package lacks', (doc) => {
    const citing = readFileSync(join(root, doc), 'utf8')
      .split('\n')
      .map((line, index) => `${doc}:${index + 1}: ${line}`)
      .filter((line) => OUTSIDE.test(line.slice(line.indexOf(': ') + 2)));
    expect(citing).toEqual([]);
  });
});
