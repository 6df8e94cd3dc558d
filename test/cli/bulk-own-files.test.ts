/** `loyalty bulk` writes its failures file and checkpoint: none may name the input or another. */
import { describe, expect, it } from 'vitest';
import { parseBulkArgs } from '../../src/cli/bulk/bulk-args.js';

const ENV = { LOYALTY_BASE_URL: 'http://127.0.0.1:4010', LOYALTY_API_KEY: 'bulk-own-files-key-0001' };
const parse = (flags: string[]) => () =>
  parseBulkArgs(['clientes.puntos.add', '--file', 'rows.csv', ...flags], ENV);

describe('the files loyalty bulk writes', () => {
  it.each([
    [['--failures', 'rows.csv'], '--file and --failures name the same file (rows.csv): give each its own'],
    [
      ['--checkpoint', './rows.csv'],
      '--file and --checkpoint name the same file (rows.csv): give each its own',
    ],
    [
      ['--failures', 'out.csv', '--checkpoint', 'out.csv'],
      '--failures and --checkpoint name the same file (out.csv): give each its own',
    ],
  ])('refuses %j, before reading or writing anything', (flags, message) => {
    expect(parse(flags)).toThrow(message);
  });

  it('takes three different files', () => {
    expect(parse(['--failures', 'failed.csv', '--checkpoint', 'rows.ckpt'])()).toMatchObject({
      failures: 'failed.csv',
      checkpoint: 'rows.ckpt',
    });
  });
});
