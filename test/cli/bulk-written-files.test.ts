/**
 * `loyalty bulk` writes two files, `--checkpoint` and `--failures`: one that cannot be used is
 * refused before anything is sent, in one line naming its flag, its path and the fix, and a file
 * that is not ours (not a checkpoint, a link to another file) keeps its bytes.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uidOf } from '../fleet/plan.mjs';
import { ledger } from './bulk-harness.js';
import { CLI, type CliRun, loyalty } from './cli-harness.js';

const directory = mkdtempSync(join(tmpdir(), 'cli-bulk-files-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
// Open to every user: the runs without write permission read the rows from here.
chmodSync(directory, 0o755);
const path = (name: string) => join(directory, name);
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const ROWS = path('rows.csv');
writeFileSync(ROWS, `order,uid,puntos\no-1,${uidOf(0)},5\no-2,${uidOf(1)},7\n`);
const bulk = (...flags: string[]) => [
  'bulk',
  'clientes.puntos.add',
  '--file',
  ROWS,
  '--key-field',
  'order',
  ...flags,
];

/** A file a test must find unchanged: a one-line token, as a link would point to. */
function token(name: string): string {
  writeFileSync(path(name), 'tok_0123456789abcdef');
  return path(name);
}

const link = (name: string, target: string) => {
  symlinkSync(target, path(name));
  return path(name);
};

const NOT_A_CHECKPOINT =
  'it is not a checkpoint (its first line is not {"loyaltySdkCheckpoint":1}), so nothing was written to it; ' +
  'give a new path, or, if an earlier loyalty-sdk wrote it (without the header), delete it to start over';
const LINK =
  'it is a symbolic link, refused so that the file it points to is never written; give the path of a file of its own';
const NO_FOLDER = 'its folder does not exist; create it or choose another path';
const A_FOLDER = 'it is a folder; give the path of a file';
const NOT_A_FOLDER = 'a part of its path is not a folder; choose another path';

/** What a case makes: the path given, the file that must keep its bytes, whether the path is a link that must stay one. */
interface Made {
  given: string;
  kept?: string;
  linked?: true;
}

/** Refused alike after either flag: [case, what the case makes of a name of its own, the problem]. */
const EITHER: ReadonlyArray<readonly [string, (name: string) => Made, string]> = [
  [
    'a symbolic link to a one-line token file',
    (name) => {
      const kept = token(`${name}-token`);
      return { given: link(`${name}-link`, kept), kept, linked: true };
    },
    LINK,
  ],
  [
    'a path in a folder that does not exist',
    (name) => ({ given: path(`nonexistent-dir/${name}`) }),
    NO_FOLDER,
  ],
  [
    'a folder',
    (name) => {
      mkdirSync(path(`${name}-folder`));
      return { given: path(`${name}-folder`) };
    },
    A_FOLDER,
  ],
  [
    'a path under a file',
    (name) => ({ given: join(token(`${name}-parent`), name), kept: path(`${name}-parent`) }),
    NOT_A_FOLDER,
  ],
];

/** [case, flag, what the case makes, the problem]. */
const REFUSED: ReadonlyArray<readonly [string, string, () => Made, string]> = [
  [
    'a VERSION file holding 1.2.3 without a newline',
    '--checkpoint',
    () => {
      writeFileSync(path('VERSION'), '1.2.3');
      return { given: path('VERSION'), kept: path('VERSION') };
    },
    NOT_A_CHECKPOINT,
  ],
  ...(['--checkpoint', '--failures'] as const).flatMap((flag) =>
    EITHER.map(([what, make, problem]) => [what, flag, () => make(flag.slice(2)), problem] as const),
  ),
];

describe('loyalty bulk: the files it writes', () => {
  it.each(REFUSED)(
    '%s after %s: exit 2, one line naming the flag and the fix, before any progress line or request; the file keeps its bytes',
    async (_case, flag, make, problem) => {
      const { server, env } = await ledger(2);
      const { given, kept, linked } = make();
      const before = kept === undefined ? undefined : sha256(kept);

      const run = await loyalty(bulk(flag, given), env);

      expect(run).toEqual({ code: 2, stdout: '', stderr: `loyalty: ${flag} ${given}: ${problem}\n` });
      expect(server.admin.requests()).toHaveLength(0);
      if (kept !== undefined) expect(sha256(kept)).toBe(before);
      if (linked) expect(lstatSync(given).isSymbolicLink()).toBe(true);
    },
  );

  it('a --checkpoint path that does not exist is created with its header; the run sends every row', async () => {
    const { env } = await ledger(2);
    const checkpoint = path('new.ckpt');
    const run = await loyalty(bulk('--checkpoint', checkpoint), env);
    expect(run.code).toBe(0);
    expect(readFileSync(checkpoint, 'utf8').split('\n')[0]).toBe('{"loyaltySdkCheckpoint":1}');
  });

  it('a --failures file left by an earlier run is still removed when the run starts (no row fails: no file)', async () => {
    const { env } = await ledger(2);
    const failures = path('earlier-failed.csv');
    writeFileSync(failures, 'order,uid,puntos,error,outcome,sentItemKey\no-0,cli_0001,5,old,refused,o-0\n');
    const run = await loyalty(bulk('--failures', failures), env);
    expect(run.code).toBe(0);
    expect(existsSync(failures)).toBe(false);
  });
});

/**
 * The built CLI as a user who may not write where the files go: this user unless it is root, whom
 * no permission stops, else `nobody`.
 */
function loyaltyWithoutRoot(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { ...user, env, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('loyalty bulk: a file it may not write', () => {
  const PERMISSION = 'permission denied; choose a path you can write, or change its permissions';

  it.each([
    ['--checkpoint', 'in a folder closed to writing', 'o.ckpt'],
    ['--failures', 'in a folder closed to writing', 'failed.csv'],
    ['--checkpoint', 'a checkpoint file closed to writing', 'closed.ckpt'],
  ])('%s %s: exit 2, one line naming the flag and the fix; nothing sent', async (flag, _case, name) => {
    const { server, env } = await ledger(2);
    const closed = path(`closed-${flag.slice(2)}-${name}`);
    mkdirSync(closed);
    const given = join(closed, name);
    if (name === 'closed.ckpt') {
      writeFileSync(given, '{"loyaltySdkCheckpoint":1}\n');
      chmodSync(given, 0o444);
    } else chmodSync(closed, 0o555);

    const run = await loyaltyWithoutRoot(bulk(flag, given), env);

    expect(run).toEqual({ code: 2, stdout: '', stderr: `loyalty: ${flag} ${given}: ${PERMISSION}\n` });
    expect(server.admin.requests()).toHaveLength(0);
  });
});
