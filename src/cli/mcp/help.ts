import { KEY_SOURCES } from '../shared/api-key.js';
import { SERVICE_HELP } from '../shared/global-options.js';
import { columns } from '../shared/help-columns.js';
import { WHERE_IDS_ARE } from '../table/operation-id.js';
import { MCP_COMMAND, TOKEN_VARIABLE } from './args.js';
import { PREVIEW_VALID_MS } from './group-previews.js';
import { MEMORY_FILE } from './remembering.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from './sessions.js';
import { REPLAY_WINDOW_MS } from './write-keys.js';

const MEMORY_PLACE = `$XDG_STATE_HOME/loyalty-sdk/${MEMORY_FILE} (else ~/.local/state/loyalty-sdk/)`;

/** `loyalty mcp --help`. */
export function mcpHelp(): string {
  return [
    `Usage: ${MCP_COMMAND} [options]`,
    '',
    'A Model Context Protocol server for AI assistants (Claude, ChatGPT, Copilot, Cursor): one tool',
    'per operation the API key may call (clientes_retrieve, clientes_puntos_add, ...), over stdio, or',
    'Streamable HTTP with --http. Safe with points (docs/mcp.md):',
    '  - a write repeated with the same arguments is a replay, applied once, in this chat or any',
    `    other (within --replay-window, default ${REPLAY_WINDOW_MS / 3_600_000}h); the argument occurrence: 2 applies the same`,
    '    movement again on purpose;',
    '  - a group action answers its dry run first; the same arguments with apply: true apply it',
    `    (within ${PREVIEW_VALID_MS / 60_000} minutes of that dry run, whichever chat ran it);`,
    "  - both are remembered by digest (never the key or a value) in the user's state folder:",
    `    ${MEMORY_PLACE};`,
    '  - the caps below refuse a call before anything is sent; the key is never shown.',
    '',
    'Options:',
    ...columns([
      ['--read-only', 'offer the read tools only'],
      ['--tools ID,...', `offer only these (operation ids or tool names; ${WHERE_IDS_ARE})`],
      ['--max-points N', 'refuse a call that adds or removes more than N points (per customer)'],
      ['--max-customers N', 'refuse to apply a group action that reaches more than N customers'],
      [
        '--replay-window D',
        `how long the same write is a replay (default ${REPLAY_WINDOW_MS / 3_600_000}h; e.g. 90m, 2d): no longer\nthan the service remembers an Idempotency-Key; past it the same call is refused`,
      ],
      ['--http', 'Streamable HTTP at http://HOST:PORT/mcp instead of stdio'],
      ['--port N', 'with --http: the port (default 0, a free one; the URL is printed)'],
      ['--host H', 'with --http: the address (default 127.0.0.1; another needs a token)'],
      [
        '--token-file FILE',
        `with --http: the bearer token clients must send (default ${TOKEN_VARIABLE});\nwithout one only loopback requests from no foreign web page are served`,
      ],
      [
        '--session-idle-ms N',
        `with --http: end a session with no request open for N ms\n(default ${DEFAULT_SESSION_IDLE_MS}: ${DEFAULT_SESSION_IDLE_MS / 60_000} minutes)`,
      ],
      [
        '--max-sessions N',
        `with --http: at most N sessions (default ${DEFAULT_MAX_SESSIONS}); a new one ends the least\nrecently used idle one, or is refused (503) when all are in use`,
      ],
      ...SERVICE_HELP.filter(([flag]) => !flag.startsWith('--api-key-file')),
      ['--api-key-file FILE', 'read the API key from FILE (default LOYALTY_API_KEY; never asked for)'],
    ]),
    '',
    `The key: ${KEY_SOURCES.replace(', else asked for on a terminal', '')} only; it never appears in a tool result, a resource or a log.`,
    '',
  ].join('\n');
}
