import type { Operation } from '../../operations/table.js';
import { findOperation, operationIds } from '../../operations/table.js';
import { isLoopback } from '../../server/internal.js';
import { KEY_FILE_BYTES } from '../shared/capped-file.js';
import { duration } from '../shared/duration.js';
import { SERVICE_OPTIONS } from '../shared/global-options.js';
import { readSecretFile } from '../shared/secret-file.js';
import { type ServiceSettings, serviceSettings } from '../shared/service-client.js';
import { UsageError } from '../shared/usage-error.js';
import { wholeNumber } from '../shared/whole-number.js';
import { operationById } from '../table/operation-id.js';
import { parseFlags } from '../table/parse-flags.js';
import type { McpCaps } from './caps.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, type SessionLimits } from './sessions.js';
import { REPLAY_WINDOW_MS } from './write-keys.js';

export const MCP_COMMAND = 'loyalty mcp';

/** The options of `loyalty mcp` (docs/mcp.md, "Tools" and "Safety rules"). */
export const MCP_OPTIONS = {
  ...SERVICE_OPTIONS,
  'read-only': { type: 'boolean' },
  tools: { type: 'string' },
  'max-points': { type: 'string' },
  'max-customers': { type: 'string' },
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  'token-file': { type: 'string' },
  'session-idle-ms': { type: 'string' },
  'max-sessions': { type: 'string' },
  'replay-window': { type: 'string' },
} as const;

/** The environment variable that may hold the HTTP transport's bearer token (`--token-file` wins). */
export const TOKEN_VARIABLE = 'LOYALTY_MCP_TOKEN';

export interface HttpSettings extends SessionLimits {
  host: string;
  port: number;
  /** The bearer token every request must show; without one the server answers loopback requests only. */
  token: string | undefined;
}

export interface McpCommand {
  service: ServiceSettings;
  readOnly: boolean;
  /** The operations `--tools` names; undefined: every one the key may call. */
  only: Operation[] | undefined;
  caps: McpCaps;
  /** How long the same write is a replay, in any process of the user (`--replay-window`). */
  replayWindowMs: number;
  /** Streamable HTTP; undefined: stdio. */
  http: HttpSettings | undefined;
}

/** `--tools` takes operation ids or tool names: `clientes.retrieve,clientes_puntos_add`. */
function toolsOf(given: string | undefined): Operation[] | undefined {
  if (given === undefined) return undefined;
  const names = given
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0)
    throw new UsageError('--tools takes operation ids or tool names, e.g. clientes.retrieve');
  return names.map((name) => {
    const id = operationIds.find((candidate) => candidate.replaceAll('.', '_') === name) ?? name;
    return findOperation(id) ?? operationById(name);
  });
}

function tokenOf(file: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  let token = env[TOKEN_VARIABLE]?.trim() || undefined;
  if (file !== undefined)
    token = readSecretFile(file, {
      flag: '--token-file',
      maxBytes: KEY_FILE_BYTES,
      holds: 'a token file holds one token, on its first line',
    });
  if (token !== undefined && !/^[\x21-\x7E]{16,}$/.test(token))
    throw new UsageError('the HTTP token must be at least 16 printable characters without spaces');
  return token;
}

function httpOf(
  values: ReturnType<typeof parse>['values'],
  env: NodeJS.ProcessEnv,
): HttpSettings | undefined {
  if (!values.http) {
    for (const flag of ['port', 'host', 'token-file', 'session-idle-ms', 'max-sessions'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --http`);
    return undefined;
  }
  const host = values.host ?? '127.0.0.1';
  const token = tokenOf(values['token-file'], env);
  if (!isLoopback(host) && token === undefined) {
    throw new UsageError(
      `--host ${host} is not a loopback address: the MCP server listens elsewhere only with a token (--token-file FILE or ${TOKEN_VARIABLE})`,
    );
  }
  return {
    host,
    port: wholeNumber(values.port, '--port', 0) ?? 0,
    token,
    sessionIdleMs: wholeNumber(values['session-idle-ms'], '--session-idle-ms', 1) ?? DEFAULT_SESSION_IDLE_MS,
    maxSessions: wholeNumber(values['max-sessions'], '--max-sessions', 1) ?? DEFAULT_MAX_SESSIONS,
  };
}

const parse = (argv: readonly string[]) => parseFlags(argv, MCP_OPTIONS, MCP_COMMAND);

/** No key, no prompt: stdin is the protocol's, so the key comes from the environment or a file only. */
function checkKeySource(file: string | undefined, env: NodeJS.ProcessEnv): void {
  if (file !== undefined || env.LOYALTY_API_KEY?.trim()) return;
  throw new UsageError(
    "No API key: set LOYALTY_API_KEY in the MCP client's configuration, or pass --api-key-file with the path of a file that holds it",
  );
}

/** `loyalty mcp [options]` as settings; `'help'` for --help. */
export function parseMcpCommand(argv: readonly string[], env: NodeJS.ProcessEnv): McpCommand | 'help' {
  const { values, positionals } = parse(argv);
  if (values.help) return 'help';
  if (positionals.length > 0)
    throw new UsageError(
      `${MCP_COMMAND} takes no argument, got ${JSON.stringify(positionals[0])} (see ${MCP_COMMAND} --help)`,
    );
  const service = serviceSettings(values, env);
  checkKeySource(service.apiKeyFile, env);
  return {
    service,
    readOnly: values['read-only'] === true,
    only: toolsOf(values.tools),
    caps: {
      maxPoints: wholeNumber(values['max-points'], '--max-points', 1),
      maxCustomers: wholeNumber(values['max-customers'], '--max-customers', 1),
    },
    replayWindowMs: duration(values['replay-window'], '--replay-window', 60_000) ?? REPLAY_WINDOW_MS,
    http: httpOf(values, env),
  };
}
