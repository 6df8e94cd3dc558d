/**
 * Every file a flag names is read with a size limit and a depth limit (docs/cli.md, "Files the
 * command reads"): past either, or missing, or a folder, the command ends with one line naming the
 * flag and the file, exit status 2, never a stack trace. `/dev/zero` ends too: the reader stops at
 * the limit, so the case finishing at all is the proof that it does not read on.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { CONFIG_FILE_BYTES, KEY_FILE_BYTES, readCapped } from '../../src/cli/shared/capped-file.js';
import { sharedFileWarning } from '../../src/cli/shared/secret-file.js';
import { DEMO_API_KEY } from '../../src/server/internal.js';
import { loyalty, serverForCli } from './cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'loyalty-capped-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { url: baseUrl } = await serverForCli();
const NOWHERE = { LOYALTY_BASE_URL: 'http://127.0.0.1:9' };
const WITH_KEY = { ...NOWHERE, LOYALTY_API_KEY: DEMO_API_KEY };
/** Lines some commands add after any usage error: serve's pointer to its help, a write's reassurance. */
const FOLLOW_UPS = ['Run "loyalty serve --help" for usage.', 'Nothing was applied.'];

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const folder = join(dir, 'folder');
mkdirSync(folder);
const keyOverLimit = file('key-over.txt', 'k'.repeat(KEY_FILE_BYTES + 1));
const configOverLimit = file('config-over.json', `"${'x'.repeat(CONFIG_FILE_BYTES - 1)}"`);
const deep = file('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
const missing = join(dir, 'missing.json');

interface Flag {
  flag: string;
  limit: '4 KiB' | '4 MiB';
  /** Whether the file is JSON (and so has a depth limit too). */
  json: boolean;
  args: (path: string) => string[];
  env: Record<string, string>;
  /** How the message shows the file: `--data` shows `@FILE`, as typed. */
  shown?: (path: string) => string;
}

const FLAGS: Flag[] = [
  {
    flag: '--api-key-file',
    limit: '4 KiB',
    json: false,
    args: (p) => ['tareas', 'list', '--api-key-file', p],
    env: NOWHERE,
  },
  {
    flag: '--data',
    limit: '4 MiB',
    json: true,
    args: (p) => ['clientes', 'create', '--data', `@${p}`],
    env: WITH_KEY,
    shown: (p) => `@${p}`,
  },
  { flag: '--config', limit: '4 MiB', json: true, args: (p) => ['serve', '--config', p], env: {} },
  { flag: '--profile', limit: '4 MiB', json: true, args: (p) => ['serve', '--profile', p], env: {} },
  { flag: '--profile', limit: '4 MiB', json: true, args: (p) => ['verify', '--profile', p], env: NOWHERE },
  {
    flag: '--token-file',
    limit: '4 KiB',
    json: false,
    args: (p) => ['mcp', '--http', '--token-file', p],
    env: WITH_KEY,
  },
];

/** Each file, and what the line says of it for a flag. */
const FILES: [string, string | ((flag: Flag) => string), (flag: Flag) => string][] = [
  ['/dev/zero', '/dev/zero', (flag) => `larger than ${flag.limit};`],
  [
    'a file one byte over the limit',
    (flag) => (flag.limit === '4 KiB' ? keyOverLimit : configOverLimit),
    (flag) => `larger than ${flag.limit};`,
  ],
  [
    'JSON nested 100,000 levels deep',
    deep,
    (flag) => (flag.json ? 'nests deeper than 1000 levels;' : `larger than ${flag.limit};`),
  ],
  ['a missing file', missing, () => 'no such file'],
  ['a folder', folder, () => 'is a folder, not a file'],
];

const CASES = FLAGS.flatMap((flag) =>
  FILES.map(([what, path, problem]) => {
    const where = typeof path === 'string' ? path : path(flag);
    return [
      `${flag.args('FILE').slice(0, 2).join(' ')} ${flag.flag}`,
      what,
      flag,
      where,
      problem(flag),
    ] as const;
  }),
);

describe('a file a flag names, past its limits or not there', () => {
  it.each(CASES)(
    '%s: %s is one line naming the flag, exit 2',
    async (_command, _what, flag, path, problem) => {
      const run = await loyalty(flag.args(path), flag.env);
      const shown = flag.shown?.(path) ?? path;
      const lines = run.stderr.split('\n').filter((line) => line !== '' && !FOLLOW_UPS.includes(line));
      expect(lines).toEqual([expect.stringContaining(`loyalty: ${flag.flag} ${shown}: ${problem}`)]);
      expect(run.stderr).not.toMatch(/\n\s+at |Maximum call stack/);
      expect(run.code).toBe(2);
    },
  );
});

describe('--data without a file', () => {
  it('stdin past 4 MiB is one line naming the flag, exit 2', async () => {
    const run = await loyalty(
      ['clientes', 'create', '--data', '-'],
      WITH_KEY,
      ' '.repeat(CONFIG_FILE_BYTES + 1),
    );
    expect(run.stderr).toMatch(/^loyalty: --data -: stdin is larger than 4 MiB; /);
    expect(run.code).toBe(2);
  });

  it('JSON on the command line nested 100,000 levels deep is one line, without the JSON, exit 2', async () => {
    const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const run = await loyalty(['clientes', 'create', '--data', nested], WITH_KEY);
    expect(run.stderr).toMatch(/^loyalty: --data: nests deeper than 1000 levels; /);
    expect(run.stderr).not.toContain('[[');
    expect(run.code).toBe(2);
  });
});

describe('the reader', () => {
  it('reads a file up to its limit whole', () => {
    const path = file('exactly.txt', 'k'.repeat(KEY_FILE_BYTES));
    expect(readCapped(path, KEY_FILE_BYTES)).toHaveLength(KEY_FILE_BYTES);
  });

  it('stops reading a device that never ends at the limit, with EFBIG', () => {
    expect(() => readCapped('/dev/zero', KEY_FILE_BYTES)).toThrow(expect.objectContaining({ code: 'EFBIG' }));
  });

  it.runIf(existsSync('/usr/bin/mkfifo'))(
    'reads a key from a FIFO, as `--api-key-file <(pass show key)` gives one',
    () => {
      const fifo = join(dir, 'key.fifo');
      execFileSync('sh', ['-c', 'mkfifo "$1"', 'sh', fifo]);
      onTestFinished(() => rmSync(fifo, { force: true }));
      const writer = spawn('sh', ['-c', `printf '%s\\n' "$KEY" > "$FIFO"`], {
        env: { KEY: DEMO_API_KEY, FIFO: fifo },
        stdio: 'ignore',
      });
      onTestFinished(() => {
        writer.kill();
      });
      expect(readCapped(fifo, KEY_FILE_BYTES)).toBe(`${DEMO_API_KEY}\n`);
    },
  );
});

describe('a key file others may read (as ssh warns of one)', () => {
  const key = `${DEMO_API_KEY}\n`;

  it.each([
    ['0600', false],
    ['0400', false],
    ['0640', true],
    ['0644', true],
  ])('mode %s: warned %s', async (mode, warned) => {
    const path = file(`key-${mode}.txt`, key);
    chmodSync(path, Number.parseInt(mode, 8));
    const run = await loyalty(['tareas', 'list', '--api-key-file', path], { LOYALTY_BASE_URL: baseUrl });
    expect(run.code).toBe(0);
    const warnings = run.stderr.split('\n').filter((line) => line.includes('warning'));
    expect(warnings).toEqual(
      warned
        ? [`loyalty: warning: --api-key-file ${path} is readable by others (mode ${mode}); chmod 600 ${path}`]
        : [],
    );
    expect(run.stdout + run.stderr).not.toContain(DEMO_API_KEY);
  });

  it('quotes the path in the chmod to paste as a shell reads it back', () => {
    const path = file("Ana's key.txt", key);
    chmodSync(path, 0o644);
    const pasted = sharedFileWarning(path, '--api-key-file')?.split('; chmod 600 ')[1] as string;
    expect(execFileSync('sh', ['-c', `printf '%s' ${pasted}`], { encoding: 'utf8' })).toBe(path);
  });

  it('says nothing on Windows, whose permissions are not these bits', () => {
    const path = file('key-windows.txt', key);
    chmodSync(path, 0o644);
    expect(sharedFileWarning(path, '--api-key-file', 'win32')).toBeUndefined();
  });
});
