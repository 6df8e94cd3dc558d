/**
 * Every command the CLI prints for a user to paste is quoted by the one rule (src/core/shell-quote.ts):
 * the line, taken from the command's real output and pasted into sh with the program replaced by
 * a stub that prints its arguments, gives back exactly the words meant, and runs nothing a file
 * name, a job id, a column or a key hides (`$(touch PWNED)`, backticks, `;`).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBulkArgs } from '../../src/cli/bulk/bulk-args.js';
import { bulkPrefix, failuresHint, resumeHint } from '../../src/cli/bulk/bulk-resume.js';
import { DEMO_API_KEY } from '../../src/server/index.js';
import { loyalty, serverForCli } from './cli-harness.js';
import { pastedArgv } from './paste.js';

const folder = mkdtempSync(join(tmpdir(), 'printed-commands-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
/** Where `touch PWNED`, run from a pasted line, would leave its file. */
const PWNED = join(folder, 'PWNED');

const HIDDEN = '$(touch PWNED)`touch PWNED`';
const KEY_FIELD = 'id;touch PWNED';
const COLUMN = 'cliente;touch PWNED';

describe('the line that sends the failures file again', { timeout: 30_000 }, () => {
  it.each([
    ['derived from the file name', undefined],
    ['given', `job ${HIDDEN}; x`],
  ])(
    'with the job id %s, pasted, gives back the operation, --file, --job-id, --key-field and --map exactly',
    async (_case, jobId) => {
      const { env } = await serverForCli({ seed: 'empty' });
      const input = join(folder, `orders${HIDDEN}.csv`);
      writeFileSync(input, `${KEY_FIELD},${COLUMN},puntos\no-1,cli_nobody,5\n`);
      const failures = join(folder, 'fail b;touch PWNED;x.csv');
      const run = await loyalty(
        [
          'bulk',
          'clientes.puntos.add',
          '--file',
          input,
          '--failures',
          failures,
          '--key-field',
          KEY_FIELD,
          '--map',
          `${COLUMN}=uid`,
          ...(jobId === undefined ? [] : ['--job-id', jobId]),
        ],
        env,
      );
      expect(run.code, run.stderr).toBe(1);
      const line = /send the file with the same job: (.+)\n/.exec(run.stderr)?.[1] ?? '';
      const prefix = bulkPrefix();
      expect(line.startsWith(`${prefix} `), line).toBe(true);

      const argv = pastedArgv('loyalty', `loyalty bulk ${line.slice(prefix.length + 1)}`, folder);
      expect(argv).toEqual([
        'bulk',
        'clientes.puntos.add',
        '--file',
        failures,
        '--job-id',
        jobId ?? `clientes.puntos.add:orders${HIDDEN}.csv`,
        '--key-field',
        KEY_FIELD,
        '--map',
        `${COLUMN}=uid`,
      ]);
      expect(existsSync(PWNED)).toBe(false);
    },
  );
});

describe('the line that sends the failures file again, for a group action', () => {
  it('ends with --yes, without which the run is refused', () => {
    const command = parseBulkArgs(['grupos.puntos.add', '--file', 'g.csv', '--key-field', 'id', '--yes'], {
      LOYALTY_API_KEY: DEMO_API_KEY,
      LOYALTY_BASE_URL: 'http://127.0.0.1:9',
    });
    if (command === undefined) throw new Error('--help');
    expect(failuresHint(command, 'failed.csv', ['loyalty'])).toBe(
      'loyalty bulk grupos.puntos.add --file failed.csv --job-id grupos.puntos.add:g.csv --key-field id --yes',
    );
  });
});

describe('the resume line', () => {
  it('pasted, gives back the launcher and every word given, whatever they hide', () => {
    const given = [
      'clientes.puntos.add',
      `--file=orders${HIDDEN}.csv`,
      '--key-field',
      KEY_FIELD,
      '--map',
      `${COLUMN}=uid`,
      '--job-id',
      `job ${HIDDEN}; x`,
      '--failures',
      'fail b;touch PWNED;x.csv',
      '--checkpoint',
      `it's ${HIDDEN}.ckpt`,
    ];
    const command = parseBulkArgs(given, {
      LOYALTY_API_KEY: DEMO_API_KEY,
      LOYALTY_BASE_URL: 'http://127.0.0.1:9',
    });
    if (command === undefined) throw new Error('--help');
    const launcher = ['node', `/opt/tools ${HIDDEN}/cli.js`];
    const line = /^resume with: (.+)$/.exec(resumeHint(command, launcher))?.[1] ?? '';

    expect(pastedArgv('node', line, folder)).toEqual([launcher[1], 'bulk', ...given]);
    expect(existsSync(PWNED)).toBe(false);
  });
});

describe('the --idempotency-key a message says to run again with', { timeout: 30_000 }, () => {
  it('pasted, is the key given', async () => {
    const key = `k;${HIDDEN}'x`.replaceAll(' ', `\${IFS}`);
    const unanswered =
      'clientes puntos add cli_0001 --puntos 5 --max-retries 0 --base-url http://127.0.0.1:1';
    const run = await loyalty([...unanswered.split(' '), '--idempotency-key', key], {
      LOYALTY_API_KEY: DEMO_API_KEY,
    });
    expect(run.code, run.stderr).toBe(7);
    const word = /run the same command again with --idempotency-key (.+): the service applies/.exec(
      run.stderr,
    )?.[1];
    expect(word, run.stderr).toBeDefined();

    expect(pastedArgv('loyalty', `loyalty --idempotency-key ${word}`, folder)).toEqual([
      '--idempotency-key',
      key,
    ]);
    expect(existsSync(PWNED)).toBe(false);
  });
});
