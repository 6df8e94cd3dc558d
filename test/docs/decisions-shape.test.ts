/**
 * docs/decisions.md stays a page one reads: one table row a decision, each with its topic, what we
 * chose and why in three non-empty cells, under `| Topic | Decision | Why |` headers; at most 300
 * lines, none over 400 characters, no topic twice. Figures and history belong in docs/benchmarks.md
 * or CHANGELOG.md (docs/decisions.md, "Docs that stand on their own").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const MAX_LINES = 300;
const MAX_LINE_CHARACTERS = 400;
const HEADER = ['Topic', 'Decision', 'Why'];

/** The cells of a table row, split at every `|` not escaped with a backslash. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

const isSeparator = (line: string): boolean => /^\|(\s*:?-+:?\s*\|)+$/.test(line.trim());

/** What is wrong with the shape of a decisions page, one line per problem. */
function shapeProblems(text: string): string[] {
  const lines = text.replace(/\n$/, '').split('\n');
  const problems: string[] = [];
  if (lines.length > MAX_LINES) problems.push(`${lines.length} lines, more than ${MAX_LINES}`);
  const topics = new Map<string, number>();
  let fenced = false;
  lines.forEach((line, index) => {
    const at = `line ${index + 1}`;
    if (line.length > MAX_LINE_CHARACTERS) {
      problems.push(`${at}: ${line.length} characters, more than ${MAX_LINE_CHARACTERS}`);
    }
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced || !line.startsWith('|') || isSeparator(line)) return;
    const cells = cellsOf(line);
    if (isSeparator(lines[index + 1] ?? '')) {
      if (cells.join('|') !== HEADER.join('|'))
        problems.push(`${at}: a table's header is not | Topic | Decision | Why |`);
      return;
    }
    if (cells.length !== 3) problems.push(`${at}: ${cells.length} cells, not 3`);
    else if (cells.some((cell) => cell === '')) problems.push(`${at}: an empty cell`);
    const topic = cells[0] ?? '';
    const first = topics.get(topic);
    if (first !== undefined) problems.push(`${at}: the topic "${topic}" again (line ${first})`);
    else topics.set(topic, index + 1);
  });
  return problems;
}

describe('docs/decisions.md', () => {
  it('is at most 300 lines, none over 400 characters, one row a decision in three non-empty cells', () => {
    expect(shapeProblems(readFileSync(join(root, 'docs/decisions.md'), 'utf8'))).toEqual([]);
  });
});

describe('the shape check itself', () => {
  const table = (...rows: string[]): string =>
    ['## S', '', '| Topic | Decision | Why |', '|---|---|---|', ...rows].join('\n');

  it('accepts a row with an escaped pipe inside a cell', () => {
    expect(shapeProblems(table('| `a \\| b` | Chosen | Because. |'))).toEqual([]);
  });

  it.each([
    ['a row of two cells', table('| Topic | Chosen |'), 'line 5: 2 cells, not 3'],
    ['a row of four cells', table('| Topic | Chosen | Because. | More |'), 'line 5: 4 cells, not 3'],
    ['an empty reason', table('| Topic | Chosen |  |'), 'line 5: an empty cell'],
    [
      'another header',
      '| Limit | Default | Option |\n|---|---|---|\n| a | b | c |',
      "line 1: a table's header is not | Topic | Decision | Why |",
    ],
    ['a topic twice', table('| T | A | B. |', '| T | C | D. |'), 'line 6: the topic "T" again (line 5)'],
    [
      'a line over 400 characters',
      table(`| T | ${'x'.repeat(400)} | Why. |`),
      'line 5: 415 characters, more than 400',
    ],
    ['more than 300 lines', 'line\n'.repeat(301), '301 lines, more than 300'],
  ])('refuses %s', (_, text, problem) => {
    expect(shapeProblems(text)).toContain(problem);
  });
});
