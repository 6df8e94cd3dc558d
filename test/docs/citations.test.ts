/**
 * Every file and section the repository cites exists: in the comments of src and test, and in
 * README.md, test/README.md and docs/*.md (CHANGELOG.md is history, left as written). A cited
 * path under docs/, src/, test/ or examples/ names a file or folder of this repository; a cited
 * section (`docs/mcp.md, "Results"`, `docs/mcp.md ("Results")`, a link's `#anchor`) is a heading
 * of that file or the topic of one of its table rows, by its words or by the anchor GitHub makes
 * of it. Neither a comment nor a doc (CHANGELOG.md included) cites the design files of the
 * repository that built this one, which a reader of this one lacks: it says the rule itself, or
 * cites a page of docs/ (docs/decisions.md, "Docs that stand on their own").
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function filesUnder(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => !path.split(/[\\/]/).includes('node_modules'))
    .filter((path) => extensions.some((extension) => path.endsWith(extension)))
    .map((path) => join(folder, path).replaceAll('\\', '/'))
    .sort();
}

const SOURCES = [...filesUnder('src', ['.ts']), ...filesUnder('test', ['.ts', '.mjs'])];
const GUIDES = [
  'README.md',
  'test/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * A path of this repository, then optionally a quoted section: `, "S"`, ` ("S"` or ` "S"`. A
 * pattern (`test/cli/bulk-*.test.ts`) is not a citation.
 */
const CITATION =
  /(?<![\w./@-])((?:docs|src|test|examples)\/[\w./-]*\w)(?![\w./-]*\*)`?(?:(?:,\s*|\s+\(|\s+)["“]([^"”]+)["”])?/g;
/** A markdown link to something other than a web address: `[text](path#anchor)`. */
const LINK = /\[[^\]\n]*\]\(([^()\s]*)\)/g;
/** Paths a guide gives that are files of the reader's project, not of this repository. */
const READERS_FILES: Readonly<Record<string, readonly string[]>> = {
  // The worker of the Cloudflare Workers example, which the reader saves and bundles.
  'docs/runtimes.md': ['src/worker.ts'],
};
/** Folders git does not keep, which a command writes: `npm run docs` writes the API reference. */
const GENERATED = ['docs/api'];
/** Files of the repository that built this one, which a reader of this one does not have. */
const OUTSIDE = /CONTRACT\.md|ARCHITECTURE\.md|\.\.\/shared\b/g;

/** What is left of a heading or a cited section to compare: its words, without code marks. */
function words(text: string): string {
  return text.replaceAll('`', '').replace(/[‘’]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The anchor GitHub gives a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

interface Sections {
  /** The words of each heading and of each table row's first cell. */
  titles: string[];
  anchors: Set<string>;
}

const sectionsOf = new Map<string, Sections>();

function sections(file: string): Sections {
  const known = sectionsOf.get(file);
  if (known) return known;
  const titles: string[] = [];
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading !== undefined) {
      titles.push(words(heading));
      const base = slug(heading);
      let anchor = base;
      for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
      anchors.add(anchor);
    }
    const topic = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (topic !== undefined && !/^-+$/.test(topic.trim())) titles.push(words(topic));
  }
  const found = { titles, anchors };
  sectionsOf.set(file, found);
  return found;
}

/** A section is cited by a title's words, or by its first words up to a break between words. */
function hasSection(file: string, section: string): boolean {
  const cited = words(section);
  return sections(file).titles.some(
    (title) => title === cited || (title.startsWith(cited) && /^[^\w]/.test(title.slice(cited.length))),
  );
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** What is wrong with a citation of `path` (from the repository's root), or undefined. */
function problemOf(
  path: string,
  section: string | undefined,
  anchor: string | undefined,
): string | undefined {
  // A test is also cited by its name as vitest prints it, without `.test.ts`.
  if (!existsSync(join(root, path)) && !(path.startsWith('test/') && isFile(join(root, `${path}.test.ts`)))) {
    return `${path} does not exist`;
  }
  if (section === undefined && anchor === undefined) return undefined;
  if (!path.endsWith('.md') || !isFile(join(root, path))) return `${path} has no sections to cite`;
  if (section !== undefined && !hasSection(path, section)) return `${path} has no section "${section}"`;
  if (anchor !== undefined && !sections(path).anchors.has(anchor)) return `${path} has no heading #${anchor}`;
  return undefined;
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The text's citations of paths of this repository, each with its problem if it has one. */
function citationProblems(file: string, original: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(CITATION)) {
    const path = match[1] ?? '';
    if (READERS_FILES[file]?.includes(path)) continue;
    if (GENERATED.some((folder) => path === folder || path.startsWith(`${folder}/`))) continue;
    const problem = problemOf(path, match[2], undefined);
    if (problem) problems.push(`${file}:${lineAt(original, match.index)}: ${problem}`);
  }
  return [...problems, ...outsideProblems(file, original, text)];
}

function outsideProblems(file: string, original: string, text: string): string[] {
  return [...text.matchAll(OUTSIDE)].map(
    (match) => `${file}:${lineAt(original, match.index)}: cites ${match[0]}, which is not in this repository`,
  );
}

/** The source with everything but the words of its comments blanked, each character where it was. */
function commentWords(file: string, source: string): string {
  const kind = file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node): void => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(source, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(source, node.end) ?? []),
    ]) {
      ranges.set(range.pos, range);
    }
    for (const child of node.getChildren(tree)) if (!ts.isJSDoc(child)) visit(child);
  };
  visit(tree);
  const kept = Array.from(source, () => ' ');
  for (const { pos, end } of ranges.values()) {
    const comment = source
      .slice(pos, end)
      .replace(/^\/\/|^\/\*\*?|\*\/$|(?<=\n)[ \t]*\*(?!\/)/g, (marker) => ' '.repeat(marker.length))
      .replaceAll('\n', ' ');
    kept.splice(pos, comment.length, ...comment);
  }
  return kept.join('');
}

describe('citations', () => {
  it('finds the source files and the guides', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(GUIDES).toContain('docs/decisions.md');
  });

  it.each(SOURCES)('the comments of %s cite only files and sections that exist', (file) => {
    const source = readFileSync(join(root, file), 'utf8');
    expect(citationProblems(file, source, commentWords(file, source))).toEqual([]);
  });

  it('CHANGELOG.md cites no file a reader of the package lacks', () => {
    const text = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    expect(outsideProblems('CHANGELOG.md', text, text)).toEqual([]);
  });

  it.each(GUIDES)('%s cites and links only files and sections that exist', (file) => {
    // Read as rendered: a backslash escape (in a sample report) is the character it escapes.
    const text = readFileSync(join(root, file), 'utf8').replace(/\\([!-/:-@[-`{-~])/g, '$1');
    const problems = citationProblems(file, text, text.replaceAll('\n', ' '));
    for (const match of text.matchAll(LINK)) {
      const target = match[1] ?? '';
      if (/^[a-z]+:/.test(target) || target === '') continue;
      const [path = '', anchor] = target.split('#');
      const cited =
        path === '' ? file : relative(root, join(root, dirname(file), path)).replaceAll('\\', '/');
      const problem = problemOf(cited, undefined, anchor);
      if (problem) problems.push(`${file}:${lineAt(text, match.index)}: [${target}] ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the citation check itself', () => {
  const doc = 'docs/decisions.md';

  it.each([
    ['a heading by its words', 'Errors'],
    ['a heading by its first words', 'Versioning'],
    ['a table row by its topic, code marks aside', "--rps at the service's limit"],
  ])('accepts %s', (_, section) => {
    expect(problemOf(doc, section, undefined)).toBeUndefined();
  });

  it.each([
    ['a file that does not exist', 'docs/no-such-page.md', undefined, undefined],
    ['a section no heading or row has', doc, 'No such section', undefined],
    ['a part of a word of a heading', doc, 'Erro', undefined],
    ['an anchor no heading makes', doc, undefined, 'no-such-heading'],
    ['a section of a file that is not markdown', 'src/index.ts', 'Anything', undefined],
  ])('refuses %s', (_, path, section, anchor) => {
    expect(problemOf(path, section, anchor)).toBeDefined();
  });

  it('reads a section cited across the lines of a comment', () => {
    const source = `/**\n * See (${doc}, "Records returned by the\n * reference server") and (${doc}, "Nope").\n */\nexport {};\n`;
    expect(citationProblems('x.ts', source, commentWords('x.ts', source))).toEqual([
      `x.ts:3: ${doc} has no section "Nope"`,
    ]);
  });

  it('reads comments only, not strings or code', () => {
    const source = `const a = 'docs/no-such-page.md'; // docs/gone.md\n`;
    expect(citationProblems('x.ts', source, commentWords('x.ts', source))).toEqual([
      'x.ts:1: docs/gone.md does not exist',
    ]);
  });
});
