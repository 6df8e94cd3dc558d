/**
 * The scripts of `loyalty completion` in the real shells, on a real terminal: the script is loaded
 * the way its first lines say, a command line is typed, Tab pressed, and the line read back.
 * Each shell is installed when missing (Debian's package, as root), else one line says how.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, it } from 'vitest';
import { ensureDebianTool } from '../support/debian-tool.mjs';
import { temporaryFolder } from '../support/end-after.js';
import { openTerminal, type TerminalSession } from '../support/terminal-session.js';
import { CLI } from './cli-harness.js';

/** A directory with a `loyalty` on the PATH (the built bin) and a file to complete. */
function workspace(): { dir: string; path: string } {
  const dir = temporaryFolder('loyalty-completion-');
  const bin = join(dir, 'bin');
  writeFileSync(join(dir, 'movements.csv'), 'uid,puntos\n');
  const shim = join(dir, 'loyalty');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(shim, 0o755);
  return { dir, path: `${dir}:${bin}:${process.env.PATH ?? ''}` };
}

const SHELLS = [
  {
    shell: 'bash',
    start: 'bash --norc --noprofile',
    load: 'source <(loyalty completion bash)',
  },
  {
    shell: 'zsh',
    start: 'zsh -f',
    load: 'autoload -U compinit && compinit -u && source <(loyalty completion zsh)',
  },
  {
    shell: 'fish',
    start: 'fish --no-config',
    load: 'loyalty completion fish | source',
  },
] as const;

let session: TerminalSession | undefined;
afterEach(() => session?.close());

describe.each(SHELLS)('Tab completion in $shell', ({ shell, start, load }) => {
  let place: { dir: string; path: string };
  beforeAll(() => {
    ensureDebianTool({
      command: shell,
      debianPackage: shell,
      hint: `${shell} is missing: install it (Debian/Ubuntu: sudo apt-get install -y ${shell}) and run the tests again`,
    });
    place = workspace();
  });

  /** Types `typed`, presses Tab, and waits for the line to show `completed`. */
  async function completeLine(typed: string, completed: RegExp): Promise<void> {
    // TMPDIR too: fish keeps its runtime folder there (fish.$USER), removed with the workspace.
    session = openTerminal(
      start,
      { PATH: place.path, HOME: place.dir, TMPDIR: place.dir, PS1: '$ ', TERM: 'xterm' },
      place.dir,
    );
    session.type(`${load}; echo loaded`);
    session.press('Enter');
    await session.waitFor(/^loaded$/m);
    session.type(typed);
    session.press('Tab');
    await session.waitFor(completed);
  }

  it('completes a resource, then the word under it', async () => {
    await completeLine('loyalty clientes pu', /loyalty clientes puntos/);
  });

  it("completes an operation's flag", async () => {
    await completeLine('loyalty clientes puntos add u-1 --mot', /u-1 --motivo/);
  });

  it('completes a file name after --file', async () => {
    await completeLine('loyalty bulk clientes.puntos.add --file mov', /--file movements\.csv/);
  });
});
