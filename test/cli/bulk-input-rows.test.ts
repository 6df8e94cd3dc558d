/**
 * What `loyalty bulk` makes of an operator's input file: one that cannot be read is one line
 * naming --file; a row that is not UTF-8, or longer than --max-row-bytes, is an invalid row naming
 * its line, never sent changed; columns that fill no parameter while a parameter has no column
 * come with the `--map` that would fix it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBulkArgs } from '../../src/cli/bulk/bulk-args.js';
import { unusedColumns } from '../../src/cli/bulk/bulk-map.js';
import { mapHint } from '../../src/cli/bulk/bulk-map-hint.js';
import { uidOf } from '../fleet/plan.mjs';
import { ledger, summaryCounts } from './bulk-harness.js';
import { loyalty } from './cli-harness.js';

const folder = mkdtempSync(join(tmpdir(), 'cli-bulk-input-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const path = (name: string) => join(folder, name);
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** `loyalty bulk clientes.puntos.add --file F` with `flags`. */
const bulk = (file: string, ...flags: string[]) => ['bulk', 'clientes.puntos.add', '--file', file, ...flags];

/** The command `loyalty bulk clientes.puntos.add --file rows.csv ...flags` parses to. */
function parsed(...flags: string[]) {
  const command = parseBulkArgs(bulk('rows.csv', ...flags).slice(1), {
    LOYALTY_BASE_URL: 'http://127.0.0.1:9',
    LOYALTY_API_KEY: 'sk_test_unused',
  });
  if (command === undefined) throw new Error('--help was not asked for');
  return command;
}

/** Where the first 0xE9 of `file` is on its line: `byte N` of the message (1-based). */
const byteOfE9 = (file: Buffer) => file.indexOf(0xe9) - file.lastIndexOf(0x0a, file.indexOf(0xe9));

describe('loyalty bulk: a --file that cannot be read', () => {
  it.each([
    ['a CSV that does not exist', 'missing.csv', 'no such file'],
    ['a JSON-lines file that does not exist', 'missing.jsonl', 'no such file'],
    ['a folder', 'folder.csv', 'is a folder, not a file'],
  ])('%s is one line naming --file, exit 2', async (_, name, problem) => {
    mkdirSync(path('folder.csv'), { recursive: true });
    const { env } = await ledger(1);
    const run = await loyalty(bulk(path(name)), env);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `loyalty: --file ${path(name)}: ${problem}\n` });
  });
});

describe('loyalty bulk: a CSV header that cannot be read', () => {
  it('is one line naming --file and the line, exit 2: without a header no row can be read', async () => {
    const { env } = await ledger(1);
    writeFileSync(
      path('latin1-header.csv'),
      latin1(`id,uid,puntos,motivo,notificación\nA-1,${uidOf(0)},5,ok,no\n`),
    );
    const run = await loyalty(bulk(path('latin1-header.csv')), env);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `loyalty: --file ${path('latin1-header.csv')}: its header cannot be read: line 1: byte 32 is not UTF-8 (0xF3); save the file as UTF-8\n`,
    });
  });
});

describe('loyalty bulk: bytes that are not UTF-8', { timeout: 60_000 }, () => {
  const files = {
    csv: latin1(
      `id,uid,puntos,motivo\nA-1,${uidOf(0)},5,ok\nA-2,${uidOf(1)},5,Bono José\nA-3,${uidOf(2)},5,ok\n`,
    ),
    jsonl: latin1(
      [
        { id: 'A-1', uid: uidOf(0), puntos: 5, motivo: 'ok' },
        { id: 'A-2', uid: uidOf(1), puntos: 5, motivo: 'Bono José' },
        { id: 'A-3', uid: uidOf(2), puntos: 5, motivo: 'ok' },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n'),
    ),
  };
  const said = {
    csv: `line 3: byte ${byteOfE9(files.csv)} is not UTF-8 (0xE9)`,
    jsonl: `line 2: byte ${byteOfE9(files.jsonl)} is not UTF-8 (0xE9)`,
  };

  it.each(['csv', 'jsonl'] as const)(
    'a Latin-1 row of a %s file is an invalid row naming its line and byte: nothing is sent',
    async (format) => {
      const { server, env } = await ledger(3);
      writeFileSync(path(`latin1.${format}`), files[format]);
      const run = await loyalty(bulk(path(`latin1.${format}`)), env);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `bulk: 1 of 3 rows is invalid:\n  ${said[format]}; save the file as UTF-8\n`,
      );
      expect(server.admin.requests()).toEqual([]);
    },
  );

  it.each(['csv', 'jsonl'] as const)(
    'with --skip-invalid the other rows of a %s file are sent, and nothing with U+FFFD',
    async (format) => {
      const { server, env } = await ledger(3);
      writeFileSync(path(`latin1-skip.${format}`), files[format]);
      const run = await loyalty(bulk(path(`latin1-skip.${format}`), '--skip-invalid'), env);
      expect(run.code).toBe(1);
      expect(summaryCounts(run.stdout)).toEqual({ succeeded: 2, skipped: 0, failed: 0, invalid: 1 });
      expect(run.stderr).toContain(`bulk: row ?: ${said[format]}; save the file as UTF-8\n`);
      expect(server.admin.audit().map((entry) => entry.uid)).toEqual([uidOf(0), uidOf(2)]);
      expect(JSON.stringify(server.admin.requests())).not.toContain('\\ufffd');
      expect(JSON.stringify(server.admin.requests())).not.toContain('\uFFFD');
    },
  );
});

describe('loyalty bulk --max-row-bytes', { timeout: 60_000 }, () => {
  it('a longer row is an invalid row naming its line; with --skip-invalid it goes to the failures file and the others are sent', async () => {
    const { server, env } = await ledger(3);
    const long = 'x'.repeat(200);
    writeFileSync(
      path('long.csv'),
      `id,uid,puntos,motivo\nA-1,${uidOf(0)},5,ok\nA-2,${uidOf(1)},5,${long}\nA-3,${uidOf(2)},5,"two\nlines"\n`,
    );
    const refused = await loyalty(bulk(path('long.csv'), '--max-row-bytes', '100'), env);
    const message =
      'line 3: the row is longer than --max-row-bytes (100 bytes); shorten it, or raise --max-row-bytes';
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`bulk: 1 of 3 rows is invalid:\n  ${message}\n`);

    const failures = path('long-failed.csv');
    const run = await loyalty(
      bulk(path('long.csv'), '--max-row-bytes', '100', '--skip-invalid', '--failures', failures),
      env,
    );
    expect(summaryCounts(run.stdout)).toEqual({ succeeded: 2, skipped: 0, failed: 0, invalid: 1 });
    expect(server.admin.audit().map((entry) => entry.motivo)).toEqual(['ok', 'two\nlines']);
    expect(readFileSync(failures, 'utf8')).toBe(
      `id,uid,puntos,motivo,error,outcome,sentItemKey\n,,,,"${message}",refused,?\n`,
    );
  });

  it.each([
    [[], 1024 * 1024],
    [['--max-row-bytes', '65536'], 65536],
  ])('%j: rows up to %i bytes', (flags, bytes) => {
    expect(parsed(...flags).maxRowBytes).toBe(bytes);
  });

  it.each(['0', '1.5', 'lots'])('--max-row-bytes %s is refused naming the flag', (value) => {
    expect(() => parsed('--max-row-bytes', value)).toThrow(
      `--max-row-bytes takes a whole number of at least 1, got "${value}"`,
    );
  });
});

describe('loyalty bulk: columns that fill no parameter', { timeout: 60_000 }, () => {
  it('order,customer,points,reason: the hint names --map for each, and the command with them sends every row', async () => {
    const { server, env } = await ledger(2);
    writeFileSync(
      path('renamed.csv'),
      `order,customer,points,reason\nA-1,${uidOf(0)},5,first\nA-2,${uidOf(1)},7,second\n`,
    );
    const args = bulk(path('renamed.csv'), '--key-field', 'order');
    const run = await loyalty(args, env);
    expect(run.code).toBe(2);
    const hint = 'add --map customer=uid --map points=puntos --map reason=motivo';
    expect(run.stderr).toContain(
      'bulk: columns not used (no parameter of clientes.puntos.add): customer, points, reason\n' +
        `bulk: no column fills uid, puntos (required); if the columns not used are them, ${hint}\n`,
    );

    const fixed = await loyalty([...args, ...hint.replace(/^add /, '').split(' ')], env);
    expect(summaryCounts(fixed.stdout)).toEqual({ succeeded: 2, skipped: 0, failed: 0, invalid: 0 });
    expect(server.admin.audit().map((entry) => entry.motivo)).toEqual(['first', 'second']);
  });

  /** The hint for a file of `order` (the key) and `columns`, with `--map` for each of `maps`. */
  const hintOf = (columns: readonly string[], ...maps: string[]) => {
    const command = parsed('--key-field', 'order', ...maps.flatMap((map) => ['--map', map]));
    const row = { line: 2, fields: Object.fromEntries(['order', ...columns].map((column) => [column, '1'])) };
    return mapHint(row, command.mapping, unusedColumns(row, command.mapping));
  };

  it.each([
    [
      'one column left for the one required parameter left',
      [['cliente', 'puntos']],
      'no column fills uid (required); if the columns not used are them, add --map cliente=uid',
    ],
    [
      'a column near a parameter, the rest in order',
      [['punto', 'customer']],
      'no column fills uid, puntos (required); if the columns not used are them, add --map punto=puntos --map customer=uid',
    ],
    [
      'no required parameter missing: only a near name',
      [['uid', 'puntos', 'motivos', 'store']],
      'if a column not used is a parameter under another name, add --map motivos=motivo',
    ],
    ['no required parameter missing, no near name: nothing to add', [['uid', 'puntos', 'store']], undefined],
    [
      'more columns than parameters, none near: no guess',
      [['store', 'cashier', 'channel', 'region']],
      'no column fills uid, puntos (required): name the column that holds each with --map COLUMN=PARAMETER',
    ],
    [
      'a --map already given is counted',
      [['cliente', 'points'], 'cliente=uid'],
      'no column fills puntos (required); if the columns not used are them, add --map points=puntos',
    ],
  ] as const)('%s', (_, [columns, ...maps], hint) => {
    expect(hintOf(columns, ...maps)).toBe(hint);
  });
});
