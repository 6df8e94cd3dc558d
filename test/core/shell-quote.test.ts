/** A word quoted for a command line is read back unchanged by a POSIX shell. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellCommand, shellQuote } from '../../src/core/shell-quote.js';

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

describe('shellQuote', () => {
  it.each(WORDS)('%j is read back as the same word by sh', (word) => {
    const echoed = execFileSync('/bin/sh', ['-c', `printf '%s\\n' ${shellQuote(word)}`], {
      encoding: 'utf8',
    });
    expect(echoed).toBe(`${word}\n`);
  });

  it('leaves a word that needs no quotes bare', () => {
    expect(shellCommand(['loyalty', 'bulk', '--file', 'a.csv', '--rps', '90'])).toBe(
      'loyalty bulk --file a.csv --rps 90',
    );
  });
});
