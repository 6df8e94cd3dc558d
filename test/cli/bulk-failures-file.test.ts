/**
 * `--failures FILE` exists after a run exactly when a row of that run failed: made at the first
 * failed row (a CSV's header with it); a file of that name from an earlier run is gone once the
 * run starts. An empty file, as a run without failures left it, said neither.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FailuresFile, type RowFailure } from '../../src/cli/bulk/bulk-failures.js';
import { temporaryFolder } from '../support/end-after.js';

const directory = temporaryFolder('bulk-failures-');
let files = 0;
const freshPath = (extension: string) => join(directory, `failed-${++files}.${extension}`);

const refused: RowFailure = {
  error: 'clientes.puntos.add: 404 not found',
  outcome: 'refused',
  sentItemKey: 'o-1',
};
const row = { line: 2, fields: { order: 'o-1', uid: 'cli_9999', puntos: '5' } };

describe('the failures file', () => {
  it('a run in which no row fails leaves no file', async () => {
    const path = freshPath('csv');
    await new FailuresFile(path, 'csv').close();
    expect(existsSync(path)).toBe(false);
  });

  it('a file of that name left by an earlier run is removed when the run starts', async () => {
    const path = freshPath('csv');
    writeFileSync(path, 'order,uid,puntos,error,outcome,sentItemKey\no-0,cli_0001,5,old,refused,o-0\n');
    const failures = new FailuresFile(path, 'csv');
    expect(existsSync(path)).toBe(false);
    await failures.close();
    expect(existsSync(path)).toBe(false);
  });

  it("a CSV's first failed row comes after the header: the input's columns, then error, outcome, sentItemKey", async () => {
    const path = freshPath('csv');
    const failures = new FailuresFile(path, 'csv');
    await failures.add(row, refused);
    await failures.close();
    expect(readFileSync(path, 'utf8')).toBe(
      'order,uid,puntos,error,outcome,sentItemKey\no-1,cli_9999,5,clientes.puntos.add: 404 not found,refused,o-1\n',
    );
  });

  it('JSON lines: one line per failed row, its fields and its failure', async () => {
    const path = freshPath('jsonl');
    const failures = new FailuresFile(path, 'jsonl');
    await failures.add(row, refused);
    await failures.close();
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify({ ...row.fields, ...refused })}\n`);
  });
});
