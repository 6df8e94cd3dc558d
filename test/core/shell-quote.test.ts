/**
 * The one quoting rule for every command the package prints: each word, pasted into a POSIX shell
 * (sh; bash and zsh too where the machine has them), is read back as the word given, and the line
 * runs nothing but the command.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { shellCommand, shellQuote } from '../../src/core/shell-quote.js';
import { checkProperty, runsFor } from '../support/property-runs.js';

const WORDS = [
  'plain',
  '/tmp/movements.csv',
  'clientes.puntos.add:movements.csv',
  'with space',
  "Ana's shop",
  '$HOME',
  '`date`',
  'a"b',
  'star*',
  '',
  'redis://:PASSWORD@127.0.0.1:6379',
  'línea',
];

/** The shells to paste into: sh always, bash and zsh where the machine has them. */
const SHELLS = ['sh', 'bash', 'zsh'].flatMap((name) => {
  const found = [`/bin/${name}`, `/usr/bin/${name}`].find((path) => existsSync(path));
  return found === undefined ? [] : [found];
});

/** A folder for the shells to run in: a command a word hides would leave MARKER in it. */
const folder = mkdtempSync(join(tmpdir(), 'shell-quote-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const MARKER = join(folder, 'MARKER');

/** The words `printf '%s\0'` is given when `quotedWords` follow it, pasted into `shell`. */
function wordsRead(shell: string, quotedWords: string): string[] {
  const out = execFileSync(shell, ['-c', `printf '%s\\0' ${quotedWords}`], { cwd: folder, encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/** What a name may hide: quotes, expansions, separators, globs, zsh's `=cmd`, a newline, non-ASCII. */
const PIECES = [
  "'",
  "''",
  '"',
  '\\',
  '$',
  '$HOME',
  `\${IFS}`,
  '`',
  ';',
  '|',
  '&',
  '&&',
  '\n',
  '\r',
  '\t',
  ' ',
  '*',
  '?',
  '[a]',
  '{a,b}',
  '~',
  '~root',
  '=',
  '==',
  '=ls',
  '!',
  '#',
  '%',
  '-',
  '(',
  ')',
  '<',
  '>',
  '$(touch MARKER)',
  '`touch MARKER`',
  ';touch MARKER;',
  '|touch MARKER',
  '&touch MARKER',
  '\ntouch MARKER\n',
  'é',
  'ñandú',
  '日本',
  '😀',
];

const word = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme', maxLength: 4 })), {
    maxLength: 6,
  })
  .map((pieces) => pieces.join('').replaceAll('\0', ''));

const RUNS = runsFor(300);

describe('shellQuote', () => {
  it.each(WORDS)('%j is read back as the same word by sh', (given) => {
    expect(wordsRead('/bin/sh', shellQuote(given))).toEqual([given]);
  });

  it('leaves a word that needs no quotes bare', () => {
    expect(shellCommand(['loyalty', 'bulk', '--file', 'a.csv', '--rps', '90', '--map', 'cliente=uid'])).toBe(
      'loyalty bulk --file a.csv --rps 90 --map cliente=uid',
    );
  });

  it.each([
    ['', "''"],
    ['=ls', "'=ls'"],
    ['--key-field==ls', "'--key-field==ls'"],
    ['-5', '-5'],
    ["'", "\\'"],
    ["'a'", "\\''a'\\'"],
    ["a''b", "'a'\\'\\''b'"],
  ])(
    "%j is written %s: a leading = or a == quoted (zsh expands =cmd), no empty quoted piece next to \\'",
    (given, written) => {
      expect(shellQuote(given)).toBe(written);
    },
  );

  it(`${RUNS} generated lines of words, pasted into ${SHELLS.join(' and ')}, give back exactly the words and run nothing else`, async () => {
    await checkProperty(
      'shellCommand round trip',
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        for (const shell of SHELLS) expect(wordsRead(shell, shellCommand(words)), shell).toEqual(words);
        expect(existsSync(MARKER)).toBe(false);
      }),
      RUNS,
    );
  }, 60_000);
});
