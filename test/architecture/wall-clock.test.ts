/**
 * No test waits on or asserts the wall clock (issue 46, point 2): every file the unit run executes
 * (each test/**\/*.test.ts and the test modules it imports or starts, followed through relative
 * specifiers and the scripts it names) reads no wall clock and sleeps for no real time. Time is a
 * virtual clock (test/support/virtual-clock.ts), vitest's fake timers, or an order of events;
 * bounds on real time belong to the benchmarks and `npm run test:fleet`.
 *
 * `WALL_CLOCK_REPORT=1 npx vitest run test/architecture/wall-clock.test.ts` prints every file it
 * flags (test files and support modules counted apart), allowed or not.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Not run by the unit run, or run there for what is not a test of time. */
const OUTSIDE = [
  { path: /^test\/bench\//, why: 'benchmarks: `npm run bench`, timing is their subject' },
  { path: /^test\/load\//, why: 'the load test: `npm run test:load`' },
  { path: /^test\/fuzz\//, why: 'the fuzz run: `npm run fuzz`, whose budget is time' },
  { path: /^test\/runtimes\/.*\.mjs$/, why: "the runtimes' runners: `npm run test:runtimes`" },
  { path: /^test\/consumer\/fixture\//, why: "a consumer's project, type-checked and run by its own tools" },
  {
    path: /^test\/architecture\/wall-clock\.test\.ts$/,
    why: 'this guard: its patterns and examples name what it looks for',
  },
  {
    path: /^test\/steps\.mjs$/,
    why: "the test command's runner, which times its steps for the log; a test imports only its list of steps",
  },
  {
    path: /^test\/leftovers\/leftovers\.mjs$/,
    why: 'the leftover check, a step after the run: it gives what a run left a grace period to end',
  },
  {
    path: /^test\/fleet\/timing\.ts$/,
    why: "the fleet's wall time, imported only under `npm run test:fleet` (FLEET_SIZE=full)",
  },
];

/**
 * The reads and real waits left, each for a reason: a line of `file` that holds `holds`. An entry
 * that matches no line fails too, so the list cannot outlive what it allows.
 */
const ALLOWED = [
  {
    file: 'test/support/virtual-clock.ts',
    holds: 'start: number = Date.now()',
    why: 'the virtual clock starts at the present so that dates stamped by it are plausible; it never reads the clock again',
  },
  {
    file: 'test/support/fake-clock.ts',
    holds: 'export const currentDate = (): number => Date.now();',
    why: "a server's clock that reads Date, which vitest's fake timers replace while a test has them on",
  },
  {
    file: 'test/support/fake-clock.ts',
    holds: 'new Promise((resolve) => setTimeout(resolve, ms))',
    why: 'a sleep on the fake clock: vitest replaces setTimeout, and the test moves the time',
  },
  {
    file: 'test/api/report.mjs',
    holds: 'const started = performance.now();',
    why: '`npm run api:report` timing itself when run as a script; its test imports its functions only',
  },
  {
    file: 'test/api/report.mjs',
    holds: 'performance.now() - started',
    why: 'the same, printed',
  },
  {
    file: 'test/support/mock-process.ts',
    holds: 'const deadline = Date.now() + START_MS;',
    why: "a mock we did not write (Prism, Mockoon) is tried until it listens: Prism says nothing under vitest's NODE_ENV, so no line of its output can say when; the bound only turns a hang into a message",
  },
  {
    file: 'test/support/mock-process.ts',
    holds: 'if (Date.now() > deadline) {',
    why: 'the same bound',
  },
  {
    file: 'test/support/mock-process.ts',
    holds: 'setTimeout(resolve, 200)',
    why: 'the pause between two tries of a mock that is starting; no check reads a time',
  },
  {
    file: 'test/support/redis-server.mjs',
    holds: 'setTimeout(() => resolve(false), 10_000)',
    why: 'a redis-server that never says it is ready is given up after 10 s, as a test times out; no check reads a time',
  },
  {
    file: 'test/hostile/bodies.ts',
    holds: 'setTimeout(done, ms)',
    why: "the hostile service's drip and late answer: the surface under test keeps its deadline in a process of its own, in real time, and must leave before this",
  },
  {
    file: 'test/hostile/child.ts',
    holds: "setTimeout(() => stop('hard timeout'), options.hardTimeoutMs)",
    why: 'the hard limit that kills a child that never ends, as a test timeout does; no check reads a time',
  },
  {
    file: 'test/hostile/child.ts',
    holds: 'const poll = setInterval(',
    why: "the child's resident set sampled from /proc while it lives (its peak, and the memory limit that kills it): a sample of memory, not of time",
  },
] as const;

type Found = { file: string; line: number; text: string; what: string };

const READS: { what: string; pattern: RegExp }[] = [
  { what: 'Date.now()', pattern: /\bDate\.now\(/ },
  { what: 'performance.now()', pattern: /\bperformance\.now\(/ },
  { what: 'process.hrtime', pattern: /\bprocess\.hrtime\b/ },
  { what: 'new Date() with no argument', pattern: /\bnew Date\(\s*\)/ },
  { what: 'timers/promises', pattern: /['"](node:)?timers\/promises['"]/ },
];

const TIMER = /\bset(Timeout|Interval)\(/g;

/** The text of a call's arguments, from the opening parenthesis at `open` to its match. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth === 0) return text.slice(open + 1, index);
    }
  }
  return text.slice(open + 1);
}

/** The delay of a timer call: its last top-level argument; '0' when it has only a callback. */
function delayOf(args: string): string {
  let depth = 0;
  let last = -1;
  for (let index = 0; index < args.length; index++) {
    const char = args[index];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 0) last = index;
  }
  return last === -1 ? '0' : args.slice(last + 1).trim();
}

/** The file's text with its comments blanked, lines kept where they were. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(
      /(^|[^:'"`\\])\/\/[^\n]*/g,
      (comment, before: string) => before + blank(comment.slice(before.length)),
    );
}

/** The wall-clock reads and real waits in `source`, the text of `file`, with their lines. */
function usesIn(source: string, file: string): Found[] {
  const text = withoutComments(source);
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const lines = text.split('\n');
  const found: Found[] = [];
  lines.forEach((line, index) => {
    for (const { what, pattern } of READS)
      if (pattern.test(line)) found.push({ file, line: index + 1, text: line.trim(), what });
  });
  for (const match of text.matchAll(TIMER)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    const delay = delayOf(argumentsAt(text, open));
    if (delay === '0') continue;
    const line = lineAt(match.index ?? 0);
    found.push({ file, line, text: (lines[line - 1] ?? '').trim(), what: `set${match[1]} of ${delay}` });
  }
  return found.sort((a, b) => a.line - b.line);
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const outside = (file: string) => OUTSIDE.some(({ path }) => path.test(file));

/** A specifier or script name of `from`, as the file of test/ it names; undefined for anything else. */
function testFileOf(from: string, name: string): string | undefined {
  const base = resolve(ROOT, dirname(from), name);
  const candidates = name.endsWith('.js') ? [base.replace(/\.js$/, '.ts'), base] : [base];
  const found = candidates.find((path) => existsSync(path));
  if (!found) return undefined;
  const file = relative(ROOT, found);
  return file.startsWith('test/') && !file.startsWith('test/architecture/') ? file : undefined;
}

/** Relative specifiers and quoted names of scripts (`new URL('./x.mjs', ...)`, `join(HERE, 'x.mjs')`). */
const NAMED =
  /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]|['"]((?:\.{1,2}\/)?[\w./-]+\.(?:mjs|ts))['"]/g;

/** Every file the unit run executes: its test files and what they import or start, followed. */
function filesTheUnitRunExecutes(): string[] {
  const tests = filesUnder('test').filter((file) => file.endsWith('.test.ts') && !outside(file));
  const seen = new Set<string>(tests);
  const queue = [...tests];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const match of text.matchAll(NAMED)) {
      const named = testFileOf(file, (match[1] ?? match[2]) as string);
      if (named && !seen.has(named) && !outside(named)) {
        seen.add(named);
        queue.push(named);
      }
    }
  }
  return [...seen].sort();
}

const allowedFor = (found: Found) =>
  ALLOWED.find((entry) => entry.file === found.file && found.text.includes(entry.holds));

describe('the wall clock in the unit run', () => {
  const files = filesTheUnitRunExecutes();
  const found = files.flatMap((file) => usesIn(readFileSync(join(ROOT, file), 'utf8'), file));

  if (process.env.WALL_CLOCK_REPORT) {
    const flagged = [...new Set(found.filter((use) => !allowedFor(use)).map((use) => use.file))];
    const tests = flagged.filter((file) => file.endsWith('.test.ts'));
    console.log(
      [
        `wall clock: ${files.length} files the unit run executes; ${tests.length} test files and ${flagged.length - tests.length} support modules read the wall clock or sleep for real`,
        ...found.map((use) => `  ${use.file}:${use.line} ${use.what}${allowedFor(use) ? ' (allowed)' : ''}`),
      ].join('\n'),
    );
  }

  it('follows the test files into what they import and start (the hostile cells, the virtual clock)', () => {
    expect(files).toContain('test/hostile/hostile.test.ts');
    expect(files).toContain('test/hostile/sdk-call.mjs');
    expect(files).toContain('test/support/virtual-clock.ts');
    expect(files).not.toContain('test/fleet/timing.ts');
  });

  it('no file of it reads the wall clock or sleeps for real, but the few allowed and why', () => {
    const refused = found
      .filter((use) => !allowedFor(use))
      .map((use) => `${use.file}:${use.line} ${use.what}`);
    expect(refused, 'inject a clock (test/support/virtual-clock.ts) or wait for an event instead').toEqual(
      [],
    );
  });

  it('each allowed line is still there: the list holds nothing stale', () => {
    const stale = ALLOWED.filter((entry) => !found.some((use) => allowedFor(use) === entry)).map(
      (entry) => `${entry.file}: ${entry.holds}`,
    );
    expect(stale).toEqual([]);
  });

  it.each([
    ['Date.now()', 'const t = Date.now();', 1],
    ['a timer with a delay', 'setTimeout(() => done(), 50);', 1],
    ['a timer of 0', 'setTimeout(resolve, 0); setImmediate(resolve);', 0],
    ['a dated Date', "new Date('2026-01-01T00:00:00Z');", 0],
    ['a comment', '// Date.now() and setTimeout(f, 9)', 0],
  ])('finds %s as it should', (_, line, count) => {
    expect(usesIn(line, 'a line')).toHaveLength(count);
  });
});
