/**
 * Every `loyalty` command that README.md and docs/cli.md show, in their sh blocks and inline,
 * runs as written (the built bin on the PATH) against a reference server with the demo data, in
 * a directory holding the files they name: a reader who pastes one gets what the text says.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/server/index.js';
import { CLI, serverForCli } from '../cli/cli-harness.js';
import { runMarks } from '../leftovers/leftovers.mjs';
import { ensureDebianTool } from '../support/debian-tool.mjs';
import { temporaryFolder } from '../support/end-after.js';

const root = join(import.meta.dirname, '..', '..');
const PAGES = ['README.md', 'docs/cli.md'];

/** The commands of a page: each line of an sh block that runs `loyalty`, and each inline one. */
function commandsOf(page: string): string[] {
  const markdown = readFileSync(join(root, page), 'utf8');
  const fromBlocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((match) =>
    (match[1] ?? '')
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => /^(loyalty |source <\(loyalty )/.test(line)),
  );
  // Inline spans that are whole commands, not a command's name: a flag or an argument (an id, an
  // operation id) at the end, and no placeholders (<id>), alternatives (a|b) or ellipses.
  const inline = [...markdown.matchAll(/`(loyalty [^`]+)`/g)]
    .map((match) => match[1] ?? '')
    .filter((command) => !/[<|[]|\.\.\./.test(command) && /(--\S+|\S*[\d_.]\S*)$/.test(command));
  return [...new Set([...fromBlocks, ...inline])];
}

/** What a command is shown doing: most succeed; a group action without --yes asks, and off a terminal refuses. */
function expectedOf(command: string): { code: number; stderr?: RegExp } {
  if (/^loyalty grupos .* add /.test(command) && !/--yes|--dry-run/.test(command)) {
    return { code: 2, stderr: /add --yes to apply it/ };
  }
  return { code: 0 };
}

/** zsh lines run in zsh after compinit, as the page says; the others in bash. */
function shellFor(command: string): [string, string[]] {
  if (command.includes('completion zsh'))
    return ['zsh', ['-f', '-c', `autoload -U compinit && compinit -u && ${command}`]];
  return ['bash', ['-o', 'pipefail', '-c', command]];
}

let place: { dir: string; env: Record<string, string> };

beforeAll(async () => {
  for (const tool of ['jq', 'zsh']) {
    ensureDebianTool({
      command: tool,
      debianPackage: tool,
      hint: `${tool} is missing: install it (Debian/Ubuntu: sudo apt-get install -y ${tool}) and run the tests again`,
    });
  }
  const { url } = await serverForCli();
  const dir = temporaryFolder('cli-docs-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  mkdirSync(join(dir, '.config', 'fish', 'completions'), { recursive: true });
  writeFileSync(join(bin, 'loyalty'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'loyalty'), 0o755);
  // The file the bulk commands name: orders of the demo customers.
  writeFileSync(join(dir, 'movements.csv'), 'order,uid,puntos\nord-1,cli_0001,10\nord-2,cli_0002,20\n');
  place = {
    dir,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: dir,
      // The shells' own temporary files (fish's runtime folder) in the place, removed with it.
      ...runMarks(),
      TMPDIR: dir,
      LOYALTY_BASE_URL: url,
      LOYALTY_API_KEY: DEMO_API_KEY,
    },
  };
});

describe.each(PAGES)('the loyalty commands of %s', (page) => {
  const commands = commandsOf(page);

  it('shows some', () => {
    expect(commands.length).toBeGreaterThan(2);
  });

  it.each(commands)('%s', async (command) => {
    const [shell, args] = shellFor(command);
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(shell, args, { cwd: place.dir, env: place.env, encoding: 'utf8' }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    const expected = expectedOf(command);
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: expected.code });
    if (expected.stderr) expect(run.stderr).toMatch(expected.stderr);
  });
});
