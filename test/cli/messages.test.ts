/** What the command says: each message names what the user can do, in the command line's own terms. */
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../src/version.js';
import { loyalty, serverForCli } from './cli-harness.js';

const { env } = await serverForCli();

describe('messages', () => {
  it('an unknown command is named once, after a single "loyalty:"', async () => {
    const run = await loyalty(['foo'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('loyalty: unknown command "foo" (see loyalty --help)\n');
  });

  it('a missing argument is named', async () => {
    const run = await loyalty(['clientes', 'retrieve'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('missing <uid>; usage: loyalty clientes retrieve <uid> [options]');
  });

  it.each([['--version'], ['-V']])('%s prints the package version and exits 0', async (flag) => {
    const run = await loyalty([flag]);
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
});
