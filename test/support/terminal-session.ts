/**
 * A program on a real terminal: a tmux session on a private server, keys typed into it, and the
 * screen read back. For what only happens on a TTY (a hidden prompt, a confirmation, a progress
 * bar, Ctrl+C, a shell's Tab completion).
 */
import { execFileSync } from 'node:child_process';
import { type FSWatcher, mkdtempSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianTool } from './debian-tool.mjs';

const TMUX_HINT =
  'tmux is missing: install it (Debian/Ubuntu: sudo apt-get install -y tmux; macOS: brew install tmux) and run the tests again';

export interface TerminalSession {
  /** Types `text` as it is (no Enter). */
  type(text: string): void;
  /** Presses keys by tmux's names: `Enter`, `Tab`, `C-c`. */
  press(...keys: string[]): void;
  /** The screen as it shows now, the scrollback included; with `escapes`, its colours as escape sequences. */
  screen(options?: { escapes?: boolean }): string;
  /**
   * Resolves to the screen once it matches, looked at again each time the program writes to the
   * terminal: no time is read or slept. The test's timeout ends a wait for what never shows.
   */
  waitFor(pattern: RegExp): Promise<string>;
  /** Ends the session and its private tmux server. */
  close(): void;
}

/** Runs `command` (a shell command line) on a new 160x40 terminal, with `env` added. */
export function openTerminal(
  command: string,
  env: Record<string, string> = {},
  cwd?: string,
): TerminalSession {
  const tmux = ensureDebianTool({ command: 'tmux', debianPackage: 'tmux', hint: TMUX_HINT });
  // The private server's socket in the session's folder, removed with it on close (with -L it would
  // stay in /tmp/tmux-UID after the server ends, outside the run's temporary folder).
  const folder = mkdtempSync(join(tmpdir(), 'loyalty-terminal-'));
  const socket = join(folder, 'tmux');
  const run = (...args: string[]) =>
    execFileSync(tmux, ['-S', socket, '-f', '/dev/null', ...args], { encoding: 'utf8', cwd });
  // Through env(1): tmux's own -e does not reach a PATH the server's environment already has.
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const assignments = Object.entries(env).map(([name, value]) => quote(`${name}=${value}`));
  const line = assignments.length > 0 ? `exec env ${assignments.join(' ')} ${command}` : command;
  // The pane stays when the program ends, so its last screen can still be read.
  run(
    'start-server',
    ';',
    'set-option',
    '-g',
    'remain-on-exit',
    'on',
    ';',
    'new-session',
    '-d',
    '-s',
    'main',
    '-x',
    '160',
    '-y',
    '40',
    line,
  );
  const screen = (options: { escapes?: boolean } = {}) =>
    run('capture-pane', '-p', '-J', ...(options.escapes ? ['-e'] : []), '-S', '-200', '-t', 'main');
  // What the program writes is appended to a file too, whose changes say when to look again.
  const written = join(folder, 'pane');
  writeFileSync(written, '');
  run('pipe-pane', '-t', 'main', `cat >> ${quote(written)}`);
  const watchers = new Set<FSWatcher>();
  return {
    type: (text) => {
      run('send-keys', '-t', 'main', '-l', text);
    },
    press: (...keys) => {
      run('send-keys', '-t', 'main', ...keys);
    },
    screen,
    waitFor: (pattern) =>
      new Promise((resolve) => {
        const look = () => {
          const shown = screen();
          if (!pattern.test(shown)) return;
          watcher.close();
          watchers.delete(watcher);
          resolve(shown);
        };
        const watcher = watch(written, look);
        watchers.add(watcher);
        look();
      }),
    close: () => {
      for (const watcher of watchers) watcher.close();
      try {
        run('kill-server');
      } catch {
        // Already gone.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
