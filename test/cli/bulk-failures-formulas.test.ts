/**
 * The failures CSV cannot run as formulas in a spreadsheet (OWASP, "CSV Injection"): a cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return is written after a `'` (and so is one
 * that starts with `'`, so that reading back is exact). Read back as a failures file (its header
 * holds the failure columns), every cell is the value the first run read: the row sent again with
 * the command the run printed carries exactly the values of the input.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { FailuresFile, type RowFailure } from '../../src/cli/bulk/bulk-failures.js';
import { bulkPrefix } from '../../src/cli/bulk/bulk-resume.js';
import { loyalty, serverForCli } from './cli-harness.js';
import { pastedArgv } from './paste.js';

const folder = mkdtempSync(join(tmpdir(), 'bulk-formulas-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const freshPath = (name: string) => join(folder, `${++files}-${name}`);

const refused: RowFailure = {
  error: 'clientes.puntos.add: 404 not found',
  outcome: 'refused',
  sentItemKey: 'o-1',
};

/** A cell as it came, and as the failures CSV holds it. */
const CELLS: readonly [string, string][] = [
  ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
  ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
  ['-5', "'-5"],
  ['@SUM(1)', "'@SUM(1)"],
  ['\tx', "'\tx"],
  ['\rx', "'\rx"],
  ["'quoted", "''quoted"],
  ['plain', 'plain'],
  ['5', '5'],
];

/** The cells of a CSV as written, nothing trimmed or undone. */
const writtenCells = (path: string): string[][] => parse(readFileSync(path, 'utf8'));

/** A failures file with one failed row whose `motivo` is `cell`. */
async function failuresWith(cell: string, failure: RowFailure = refused): Promise<string> {
  const path = freshPath('failed.csv');
  const failures = new FailuresFile(path, 'csv');
  await failures.add({ line: 2, fields: { order: 'o-1', uid: 'cli_9999', motivo: cell } }, failure);
  await failures.close();
  return path;
}

/** The motivos the server recorded for `uid`'s points, sorted. */
function motivosOf(server: Served['server'], uid: string): (string | null)[] {
  return server.admin
    .audit()
    .filter((entry) => entry.uid === uid)
    .map((entry) => entry.motivo)
    .sort();
}

type Served = Awaited<ReturnType<typeof serverForCli>>;

describe('the failures CSV: formulas neutralised', () => {
  it.each(CELLS)('%j is written %j', async (cell, written) => {
    const [, values] = writtenCells(await failuresWith(cell));
    expect(values?.[2]).toBe(written);
  });

  it("a service's error and a column's name are cells like the others", async () => {
    const path = freshPath('failed.csv');
    const failures = new FailuresFile(path, 'csv');
    await failures.add(
      { line: 2, fields: { order: 'o-1', '=cmd': '1' } },
      { ...refused, error: '=HYPERLINK("http://x")' },
    );
    await failures.close();
    expect(writtenCells(path)).toEqual([
      ['order', "'=cmd", 'error', 'outcome', 'sentItemKey'],
      ['o-1', '1', `'=HYPERLINK("http://x")`, 'refused', 'o-1'],
    ]);
  });
});

describe('a CSV read as --file', { timeout: 30_000 }, () => {
  it('a failures file the package wrote sends every cell as it came: formulas, a quote, white space at an end', async () => {
    const { server, env } = await serverForCli({ seed: 'empty' });
    server.admin.createCustomer({ uid: 'cli_back', puntos: 100 });
    const cells = [...CELLS.map(([cell]) => cell), ' lead', 'trail ', ' '];
    const path = freshPath('failed.csv');
    const failures = new FailuresFile(path, 'csv');
    for (const [index, motivo] of cells.entries()) {
      const order = `o-${index}`;
      await failures.add(
        { line: index + 2, fields: { order, uid: 'cli_back', puntos: '1', motivo } },
        { error: 'no answer', outcome: 'unknown', sentItemKey: order },
      );
    }
    await failures.close();

    const run = await loyalty(['bulk', 'clientes.puntos.add', '--file', path, '--key-field', 'order'], env);
    expect(run.stdout).toContain(`succeeded ${cells.length}, skipped 0, failed 0`);
    expect(motivosOf(server, 'cli_back')).toEqual([...cells].sort());
  });

  it('any other CSV is read as given: a leading quote is part of the value', async () => {
    const { server, env } = await serverForCli({ seed: 'empty' });
    server.admin.createCustomer({ uid: 'cli_own', puntos: 100 });
    const path = freshPath('movements.csv');
    writeFileSync(path, "order,uid,puntos,motivo\no-1,cli_own,1,'=x\no-2,cli_own,1,''y\n");

    const run = await loyalty(['bulk', 'clientes.puntos.add', '--file', path, '--key-field', 'order'], env);
    expect(run.stdout).toContain('succeeded 2, skipped 0, failed 0');
    expect(motivosOf(server, 'cli_own')).toEqual(["''y", "'=x"]);
  });
});

describe('the failures CSV sent again with the command the run printed', { timeout: 30_000 }, () => {
  it('sends every row with exactly the values of the input: formulas, a negative number, a tab, a CR', async () => {
    const { server, env } = await serverForCli({ seed: 'empty' });
    const movements = [
      { order: 'o-1', puntos: '-5', motivo: '=HYPERLINK("http://x","y")' },
      { order: 'o-2', puntos: '7', motivo: "+cmd|' /C calc'!A0" },
      { order: 'o-3', puntos: '3', motivo: '@SUM(1)' },
      { order: 'o-4', puntos: '2', motivo: '\tx' },
      { order: 'o-5', puntos: '4', motivo: '\rx' },
      { order: '-o-6', puntos: '-1', motivo: "'quoted" },
    ];
    const input = freshPath('movements.csv');
    const rows = movements.map(({ order, puntos, motivo }) => [order, 'cli_late', puntos, motivo]);
    writeFileSync(input, stringify([['order', 'uid', 'puntos', 'motivo'], ...rows], { quoted: true }));
    const failures = freshPath('failed.csv');

    // The customer does not exist yet: every row is refused (404) and written to the failures file.
    const first = await loyalty(
      ['bulk', 'clientes.puntos.add', '--file', input, '--key-field', 'order', '--failures', failures],
      env,
    );
    expect(first.stdout).toContain('succeeded 0, skipped 0, failed 6');
    // Rows are written as they fail (in any order): each by its order, its points and motivo as written.
    const [header, ...written] = writtenCells(failures);
    expect(header).toEqual(['order', 'uid', 'puntos', 'motivo', 'error', 'outcome', 'sentItemKey']);
    expect(Object.fromEntries(written.map(([order, , puntos, motivo]) => [order, [puntos, motivo]]))).toEqual(
      {
        'o-1': ["'-5", `'=HYPERLINK("http://x","y")`],
        'o-2': ['7', "'+cmd|' /C calc'!A0"],
        'o-3': ['3', "'@SUM(1)"],
        'o-4': ['2', "'\tx"],
        'o-5': ['4', "'\rx"],
        "'-o-6": ["'-1", "''quoted"],
      },
    );

    server.admin.createCustomer({ uid: 'cli_late', puntos: 100 });
    const line = /send the file with the same job: (.+)\n/.exec(first.stderr)?.[1] ?? '';
    const prefix = bulkPrefix();
    expect(line.startsWith(`${prefix} `), line).toBe(true);
    const argv = pastedArgv('loyalty', `loyalty bulk ${line.slice(prefix.length + 1)}`, folder);
    const again = await loyalty(argv, env);
    expect(again.stdout).toContain('succeeded 6, skipped 0, failed 0');

    const sent = server.admin
      .audit()
      .filter((entry) => entry.uid === 'cli_late' && entry.operationId === 'clientes.puntos.add');
    expect(sent.map(({ puntos, motivo }) => ({ puntos, motivo })).sort(byMotivo)).toEqual(
      movements.map(({ puntos, motivo }) => ({ puntos: Number(puntos), motivo })).sort(byMotivo),
    );
  });
});

const byMotivo = (a: { motivo: string | null }, b: { motivo: string | null }) =>
  (a.motivo ?? '').localeCompare(b.motivo ?? '');
