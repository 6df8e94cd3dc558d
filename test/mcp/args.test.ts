/**
 * `loyalty mcp`'s session flags (docs/mcp.md, "Sessions over HTTP"): `--session-idle-ms` and
 * `--max-sessions` go with `--http`, take whole numbers of at least 1, have defaults, and the help
 * names them.
 */
import { describe, expect, it } from 'vitest';
import { type McpCommand, parseMcpCommand } from '../../src/cli/mcp/args.js';
import { mcpHelp } from '../../src/cli/mcp/help.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from '../../src/cli/mcp/sessions.js';
import { REPLAY_WINDOW_MS } from '../../src/cli/mcp/write-keys.js';

const ENV = { LOYALTY_BASE_URL: 'http://127.0.0.1:4010', LOYALTY_API_KEY: 'mcp-args-test-key-0123' };
const http = (argv: string[]) => (parseMcpCommand(argv, ENV) as McpCommand).http;
const refusal = (argv: string[]) => {
  try {
    parseMcpCommand(argv, ENV);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('loyalty mcp --http session flags', () => {
  it('default to 30 minutes idle and 100 sessions', () => {
    expect(http(['--http'])).toMatchObject({
      sessionIdleMs: DEFAULT_SESSION_IDLE_MS,
      maxSessions: DEFAULT_MAX_SESSIONS,
    });
    expect([DEFAULT_SESSION_IDLE_MS, DEFAULT_MAX_SESSIONS]).toEqual([30 * 60 * 1_000, 100]);
  });

  it('take the values given', () => {
    expect(http(['--http', '--session-idle-ms', '5000', '--max-sessions', '3'])).toMatchObject({
      sessionIdleMs: 5_000,
      maxSessions: 3,
    });
  });

  it.each([
    [['--http', '--max-sessions', '0'], '--max-sessions takes a whole number of at least 1, got "0"'],
    [
      ['--http', '--session-idle-ms', '1.5'],
      '--session-idle-ms takes a whole number of at least 1, got "1.5"',
    ],
    [['--max-sessions', '3'], '--max-sessions goes with --http'],
    [['--session-idle-ms', '3'], '--session-idle-ms goes with --http'],
    [['--http', '--max-session', '3'], 'did you mean --max-sessions?'],
    [['--http', '--session-idle', '3'], 'did you mean --session-idle-ms?'],
  ])('refuse %j: %s', (argv, message) => {
    expect(refusal(argv)).toContain(message);
  });

  it('are named in --help with their defaults', () => {
    const help = mcpHelp();
    expect(help).toMatch(/--session-idle-ms N +with --http: .*\n +\(default 1800000: 30 minutes\)/);
    expect(help).toMatch(/--max-sessions N +with --http: at most N sessions \(default 100\)/);
  });
});

describe('loyalty mcp --replay-window', () => {
  const windowOf = (argv: string[]) => (parseMcpCommand(argv, ENV) as McpCommand).replayWindowMs;

  it('defaults to 24 hours', () => {
    expect(windowOf([])).toBe(REPLAY_WINDOW_MS);
    expect(REPLAY_WINDOW_MS).toBe(24 * 3_600_000);
  });

  it.each([
    ['90m', 90 * 60_000],
    ['2d', 2 * 86_400_000],
    ['3600s', 3_600_000],
    ['12h', 12 * 3_600_000],
  ])('takes a duration with its unit: %s', (given, ms) => {
    expect(windowOf(['--replay-window', given])).toBe(ms);
  });

  it.each(['24', '1.5h', 'soon', '30s', '0m'])('refuses %s, saying what it takes', (given) => {
    expect(refusal(['--replay-window', given])).toBe(
      `--replay-window takes a duration of at least 60 s such as 24h, 90m or 3600s, got ${JSON.stringify(given)}`,
    );
  });

  it('is named in --help with its default and where the memory lives', () => {
    expect(mcpHelp()).toMatch(/--replay-window D +how long the same write is a replay \(default 24h/);
    expect(mcpHelp()).toContain('$XDG_STATE_HOME/loyalty-sdk/mcp-memory.json');
  });
});
