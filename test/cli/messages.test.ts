/** What the command says: each message names what the user can do, in the command line's own terms. */
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../src/version.js';
import { loyalty, loyaltyProcess, serverForCli } from './cli-harness.js';

const { server, env } = await serverForCli();

describe('messages', () => {
  // The built bin's own report of a thrown error (src/cli/main.ts), end to end.
  it('an unknown command is named once, after a single "loyalty:"', async () => {
    const run = await loyaltyProcess(['foo'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('loyalty: unknown command "foo" (see loyalty --help)\n');
  });

  it('a missing argument is named', async () => {
    const run = await loyalty(['clientes', 'retrieve'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('missing <uid>; usage: loyalty clientes retrieve <uid> [options]');
  });

  it.each([['--version'], ['-V']])('%s prints the package version and exits 0', async (flag) => {
    const run = await loyaltyProcess([flag]);
    expect(run).toEqual({ code: 0, stdout: `${SDK_VERSION}\n`, stderr: '' });
  });

  it('--yes is in the help of a group action only', async () => {
    const single = await loyalty(['clientes', 'puntos', 'add', '--help']);
    const group = await loyalty(['grupos', 'puntos', 'add', '--help']);
    expect(single.stdout).not.toContain('--yes');
    expect(group.stdout).toContain('--yes');
  });

  it("a refused key (401) points at the command line's ways to give one, not the SDK's option", async () => {
    const run = await loyalty(['clientes', 'retrieve', 'cli_0001'], {
      ...env,
      LOYALTY_API_KEY: 'lk_not_a_key_at_all',
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('--api-key-file');
    expect(run.stderr).toContain('LOYALTY_API_KEY');
    expect(run.stderr).not.toContain('apiKey option');
  });

  it('a mistyped operation id in help is answered with the nearest id and where the ids are listed', async () => {
    const run = await loyalty(['help', 'clientes.puntos.ad'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('did you mean clientes.puntos.add?');
    expect(run.stderr).toContain('loyalty whoami lists the ids');
    expect(run.stderr).not.toContain('the ids are in loyalty --help');
  });

  it('a mistake in the command line of a read does not say "Nothing was applied": a read applies nothing', async () => {
    const run = await loyalty(['clientes', 'retrieve'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('loyalty: missing <uid>; usage: loyalty clientes retrieve <uid> [options]\n');
  });

  it('a mistake in the command line of a write says "Nothing was applied." once, after the message', async () => {
    const run = await loyalty(['clientes', 'puntos', 'add', '--puntos', '5'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^loyalty: missing <uid>; usage: .+\nNothing was applied\.\n$/);
  });

  it('a group action refused on a pipe says what its dry run would reach once, in one message that names the operation', async () => {
    const before = server.admin.audit().length;
    const run = await loyalty(['grupos', 'puntos', 'add', '1', '--puntos', '50'], env);
    expect(run.code).toBe(2);
    expect(run.stderr.match(/would reach \d+ customers/g)).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^loyalty: grupos\.puntos\.add is a group action and there is no terminal to confirm it on: its dry run would reach \d+ customers \(costoEstimado \d+\); add --yes to apply it \(or --dry-run to only preview\)\nNothing was applied\.\n$/,
    );
    expect(server.admin.audit()).toHaveLength(before);
  });

  it('a 409 says how to go on: another --idempotency-key to apply it, or the original command with the same key', async () => {
    const add = (puntos: string) =>
      loyalty(
        ['clientes', 'puntos', 'add', 'cli_0001', '--puntos', puntos, '--idempotency-key', 'conflict-cli-01'],
        env,
      );
    expect((await add('5')).code).toBe(0);
    const conflict = await add('6');
    expect(conflict.code).toBe(5);
    expect(conflict.stderr).toContain(
      'The --idempotency-key conflict-cli-01 was already used with another request, or that request is still in flight. ' +
        'To apply this command, run it with another --idempotency-key (or with none: a new key is made); ' +
        'to get the first answer, run the original command (the same values) with --idempotency-key conflict-cli-01, once it has ended.',
    );
  });

  it('no answer: the message says how many attempts were made and, for a keyed write, that the same --idempotency-key makes running it again safe', async () => {
    const run = await loyalty(
      [
        'clientes',
        'puntos',
        'add',
        'cli_0001',
        '--puntos',
        '5',
        '--idempotency-key',
        'net-cli-0001',
        '--max-retries',
        '1',
        '--base-url',
        'http://127.0.0.1:1',
      ],
      env,
    );
    expect(run.code).toBe(7);
    expect(run.stderr).toMatch(
      /^loyalty: clientes\.puntos\.add: no answer from 127\.0\.0\.1:1: .+; gave up after 2 attempts\. It is safe to run the same command again with --idempotency-key net-cli-0001: the service applies a key at most once\.\n/,
    );
  });
});
