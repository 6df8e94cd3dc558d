/**
 * The wing rule of docs/architecture.md ("The wings of `src/`"): the folders of src are wings, in a fixed order
 * from top to bottom, and a file imports only from its own wing or from the wings below it. Read
 * from the import specifiers of the source files (relative ones only; packages are not wings).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The wings, top to bottom. `src/server/profile` sits above the engine: a profile is a layer around
 * it. `src/server/answers` sits below faults: the faults build answers.
 */
const WINGS = [
  'src/cli',
  'src/verify',
  'src/msw',
  'src/server/adapters',
  'src/server/inspector',
  'src/server/profile',
  'src/server/engine',
  'src/server/handlers',
  'src/server/state',
  'src/server/faults',
  'src/server/answers',
  'src/redis',
  'src/client',
  'src/bulk',
  'src/limits',
  'src/telemetry',
  'src/openapi',
  'src/operations',
  'src/core',
] as const;

/** The main entry: below the CLI, above everything else, and it leaves the server out. */
const MAIN_ENTRY = 'src/index.ts';
/** The top of the server: it may use every server wing, and no wing uses it. */
const SERVER_ENTRY = 'src/server/index.ts';
/** The server's insides for the CLI, MSW and the tests: just above the server's top, which it re-exports. */
const SERVER_INTERNALS = 'src/server/internal.ts';
/** Shared by every wing, like the table: they count as the bottom and use only src/operations. */
const BOTTOM_FILES = ['src/types.ts', 'src/version.ts', 'src/runtime.ts'] as const;

interface Place {
  /** The wing, or what an entry file is. */
  name: string;
  /** 0 is the top; a file may import what has the same level or a greater one. */
  level: number;
}

/** Between the CLI (level 0) and MSW (level 1). */
const MAIN_LEVEL = 0.5;
/** Just above the first server wing. */
const SERVER_LEVEL = WINGS.indexOf('src/server/adapters') - 0.5;
const OPERATIONS_LEVEL = WINGS.indexOf('src/operations');

function placeOf(file: string): Place | undefined {
  if (file === MAIN_ENTRY) return { name: 'the main entry', level: MAIN_LEVEL };
  if (file === SERVER_ENTRY) return { name: 'the top of the server', level: SERVER_LEVEL };
  if (file === SERVER_INTERNALS) return { name: "the server's insides", level: SERVER_LEVEL - 0.25 };
  if ((BOTTOM_FILES as readonly string[]).includes(file))
    return { name: 'the bottom', level: OPERATIONS_LEVEL };
  const wing = WINGS.find((candidate) => file.startsWith(`${candidate}/`));
  return wing === undefined ? undefined : { name: wing, level: WINGS.indexOf(wing) };
}

const toPosix = (path: string): string => path.split(sep).join('/');

const SOURCES: string[] = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
  .map((entry) => `src/${toPosix(entry)}`)
  .filter((file) => file.endsWith('.ts'))
  .sort();

/** The text of a file without its comments (a specifier quoted in a doc comment is no import). */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** `import ... from '...'`, `export ... from '...'`, `import '...'` and `import('...')`, relative ones only. */
const SPECIFIER = /\bfrom\s*['"](\.{1,2}\/[^'"]*)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

function specifiers(file: string): string[] {
  return [...code(file).matchAll(SPECIFIER)].map((match) => (match[1] ?? match[2]) as string);
}

/** The file a specifier names, relative to the repository: `./x.js` is `x.ts` (or `x/index.ts`). */
function resolveSpecifier(from: string, specifier: string): string {
  const target = toPosix(relative(ROOT, resolve(ROOT, dirname(from), specifier)));
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.js$/, '/index.ts'),
    `${target}.ts`,
    `${target}/index.ts`,
    target,
  ];
  return candidates.find((candidate) => existsSync(join(ROOT, candidate))) ?? target;
}

interface Edge {
  from: string;
  to: string;
  specifier: string;
}

/** Every relative import between files of src (imports that leave src, e.g. package.json, are not edges). */
const EDGES: Edge[] = SOURCES.flatMap((from) =>
  specifiers(from)
    .map((specifier) => ({ from, to: resolveSpecifier(from, specifier), specifier }))
    .filter((edge) => edge.to.startsWith('src/')),
);

const describeEdge = (edge: Edge, why: string): string => {
  const from = placeOf(edge.from)?.name ?? 'no wing';
  const to = placeOf(edge.to)?.name ?? 'no wing';
  return `${edge.from} (${from}) imports ${edge.to} (${to}): ${why}`;
};

describe('wings (docs/architecture.md, "The wings of `src/`")', () => {
  it('every file of src is in a wing, or is one of the entry files src/index.ts, src/server/index.ts, src/server/internal.ts, src/types.ts, src/version.ts, src/runtime.ts', () => {
    expect(SOURCES.filter((file) => placeOf(file) === undefined)).toEqual([]);
  });

  it('every relative import of src names a file that exists', () => {
    const missing = EDGES.filter((edge) => !existsSync(join(ROOT, edge.to))).map(
      (edge) => `${edge.from} imports '${edge.specifier}', which is no file`,
    );
    expect(missing).toEqual([]);
  });

  it.each(WINGS)('%s imports only from its own wing and the wings below it', (wing) => {
    const level = WINGS.indexOf(wing);
    const upward = EDGES.filter((edge) => placeOf(edge.from)?.name === wing)
      .filter((edge) => {
        const target = placeOf(edge.to);
        return target !== undefined && target.level < level;
      })
      .map((edge) => describeEdge(edge, 'a wing above it'));
    expect(upward).toEqual([]);
  });

  it('src/index.ts imports no part of the server, and nothing above it', () => {
    const wrong = EDGES.filter((edge) => edge.from === MAIN_ENTRY)
      .filter(
        (edge) => edge.to.startsWith('src/server/') || (placeOf(edge.to)?.level ?? MAIN_LEVEL) < MAIN_LEVEL,
      )
      .map((edge) => describeEdge(edge, 'the main entry leaves out the server and the CLI'));
    expect(wrong).toEqual([]);
  });

  it('no file but src/server/internal.ts imports src/server/index.ts: it is the top of the server', () => {
    const wrong = EDGES.filter((edge) => edge.to === SERVER_ENTRY && edge.from !== SERVER_INTERNALS).map(
      (edge) => describeEdge(edge, 'import the server wing that holds what is needed instead'),
    );
    expect(wrong).toEqual([]);
  });

  it('src/server/index.ts imports only from the wings below it', () => {
    const wrong = EDGES.filter((edge) => edge.from === SERVER_ENTRY)
      .filter((edge) => (placeOf(edge.to)?.level ?? SERVER_LEVEL) < SERVER_LEVEL)
      .map((edge) => describeEdge(edge, 'a wing above it'));
    expect(wrong).toEqual([]);
  });

  it('src/types.ts, src/version.ts and src/runtime.ts import only from src/operations', () => {
    const wrong = EDGES.filter((edge) => (BOTTOM_FILES as readonly string[]).includes(edge.from))
      .filter((edge) => !edge.to.startsWith('src/operations/'))
      .map((edge) => describeEdge(edge, 'they sit at the bottom, with the table'));
    expect(wrong).toEqual([]);
  });
});

describe('import cycles', () => {
  it('no file of src reaches itself through its imports', () => {
    const next = new Map<string, string[]>(SOURCES.map((file) => [file, []]));
    for (const edge of EDGES) next.get(edge.from)?.push(edge.to);
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const path: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      path.push(file);
      for (const target of next.get(file) ?? []) {
        const seen = state.get(target);
        if (seen === 'open') cycles.push([...path.slice(path.indexOf(target)), target].join(' -> '));
        else if (seen === undefined) visit(target);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of SOURCES) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});

/** Wings that exist (the later rounds' wings are listed before their folders are made). */
const DESCRIBED = WINGS.filter((wing) => existsSync(join(ROOT, wing)));

describe('each wing says what it holds and what it may use', () => {
  it.each(DESCRIBED)(
    '%s/index.ts opens with a comment saying what the wing holds and what it may use',
    (wing) => {
      expect(existsSync(join(ROOT, wing, 'index.ts')), `${wing} has an index.ts`).toBe(true);
      const text = readFileSync(join(ROOT, wing, 'index.ts'), 'utf8').trimStart();
      const comment = /^(\/\*[\s\S]*?\*\/|(?:\/\/.*\n)+)/.exec(text)?.[0];
      expect(comment, `${wing}/index.ts opens with a comment`).toBeDefined();
      expect(comment, `the opening comment of ${wing}/index.ts says what the wing may use`).toMatch(
        /\b(may use|uses|use only|imports?|depends on)\b/i,
      );
    },
  );
});
