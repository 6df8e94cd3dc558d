/**
 * Each client's configuration in docs/mcp.md ("Configuration"), taken as written there and started
 * as that client starts it: Claude Desktop's and Cursor's `mcpServers` entry, Claude Code's
 * `claude mcp add ... -e KEY=VALUE -- command`, VS Code's `servers` entry with its `inputs`; the
 * key as each passes it (an `env` block, `-e`, an input, `--api-key-file`). The server runs from a
 * project with the packed tarball installed (one pack, one install, shared), npm kept offline so
 * `loyalty-sdk` is never fetched from the registry; the MCP SDK's Client initializes and lists
 * the tools over stdio against a reference server, and the key is in nothing the server prints.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolDefinition } from '../../src/cli/table/tool-schema.js';
import { operations } from '../../src/operations/table.js';
import { installPackedTarball } from '../runtimes/packed-project.mjs';
import { ALL_SCOPES_KEY, referenceServer } from './mcp-harness.js';

const DOC = readFileSync(new URL('../../docs/mcp.md', import.meta.url), 'utf8');
/** The placeholders the snippets show, and what the test puts in their place. */
const DOC_SERVICE = 'https://loyalty.example.com';
const DOC_KEY = '<your API key>';

/** The fenced block after `<!-- client-config: NAME -->`, as written. */
function snippet(name: string): string {
  const found = new RegExp(`<!-- client-config: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``).exec(DOC);
  if (!found?.[1]) throw new Error(`docs/mcp.md has no client-config: ${name}`);
  return found[1];
}

interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** What the user fills in: the service's address and the key where the snippet shows placeholders. */
const filled = (text: string, service: string): string =>
  text.replaceAll(DOC_SERVICE, service).replaceAll(DOC_KEY, ALL_SCOPES_KEY);

/** Claude Desktop and Cursor: `mcpServers.<name>` with `command`, `args`, `env`. */
function fromMcpServers(text: string): Launch {
  const entry = JSON.parse(text).mcpServers.loyalty;
  return { command: entry.command, args: entry.args ?? [], env: entry.env ?? {} };
}

/** A shell word as sh reads it: double quotes removed, `$NAME` expanded (all the snippet uses). */
const shellWord = (word: string, shell: Record<string, string>): string =>
  word
    .replace(/^"(.*)"$/, '$1')
    .replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => shell[name] ?? '');

/** Claude Code: `claude mcp add <name> -e KEY=VALUE ... -- command args...`, run in a shell with `shell` set. */
function fromClaudeMcpAdd(text: string, shell: Record<string, string>): Launch {
  const words = text.trim().split(/\s+/);
  expect(words.slice(0, 3)).toEqual(['claude', 'mcp', 'add']);
  const dashes = words.indexOf('--');
  const env: Record<string, string> = {};
  const options = words.slice(3, dashes);
  options.forEach((word, index) => {
    if (word !== '-e' && word !== '--env') return;
    const [name = '', ...value] = (options[index + 1] ?? '').split('=');
    env[name] = shellWord(value.join('='), shell);
  });
  const [command = '', ...args] = words.slice(dashes + 1);
  return { command, args, env };
}

/** VS Code: `servers.<name>` of type stdio; `${input:id}` is what the user typed at the prompt. */
function fromVsCode(text: string, typed: Record<string, string>): Launch {
  const config = JSON.parse(text);
  const entry = config.servers.loyalty;
  expect(entry.type).toBe('stdio');
  for (const id of Object.keys(typed)) {
    expect(config.inputs.find((input: { id: string }) => input.id === id)).toMatchObject({ password: true });
  }
  const env = Object.fromEntries(
    Object.entries(entry.env as Record<string, string>).map(([name, value]) => [
      name,
      value.replace(/\$\{input:([^}]+)\}/g, (_, id: string) => typed[id] ?? ''),
    ]),
  );
  return { command: entry.command, args: entry.args, env };
}

const work = mkdtempSync(join(tmpdir(), 'loyalty-client-configs-'));
const home = join(work, 'home');
let project = '';
const setup = await referenceServer();

beforeAll(async () => {
  ({ project } = await installPackedTarball(join(work, 'pack')));
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Starts the server as the client would, from the project; initialize, tools/list, what it printed. */
async function listedBy(launch: Launch) {
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    // What a client passes (its defaults and the entry's env), npm kept off the registry, and the
    // server's state in the test's folder.
    env: {
      ...getDefaultEnvironment(),
      ...launch.env,
      HOME: home,
      npm_config_offline: 'true',
      npm_config_cache: join(process.env.HOME ?? home, '.npm'),
      XDG_STATE_HOME: join(work, 'state'),
    },
    cwd: project,
    stderr: 'pipe',
  });
  let printed = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const client = new Client({ name: 'loyalty-client-configs', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    printed += JSON.stringify({
      tools,
      instructions: client.getInstructions(),
      server: client.getServerVersion(),
    });
    return { tools, printed };
  } finally {
    await client.close();
  }
}

const CLIENTS: [string, () => Launch, number][] = [
  ['Claude Desktop', () => fromMcpServers(filled(snippet('claude-desktop'), setup.url)), operations.length],
  [
    'Claude Code',
    () => fromClaudeMcpAdd(filled(snippet('claude-code'), setup.url), { LOYALTY_API_KEY: ALL_SCOPES_KEY }),
    operations.filter((operation) => toolDefinition(operation).annotations.readOnlyHint).length,
  ],
  [
    'VS Code',
    () => fromVsCode(filled(snippet('vscode'), setup.url), { 'loyalty-key': ALL_SCOPES_KEY }),
    operations.length,
  ],
  [
    'Cursor',
    () => {
      const keyFile = join(home, '.config', 'loyalty', 'api-key');
      mkdirSync(join(home, '.config', 'loyalty'), { recursive: true });
      writeFileSync(keyFile, `${ALL_SCOPES_KEY}\n`);
      chmodSync(keyFile, 0o600);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Cursor's interpolation, as Cursor reads it.
      return fromMcpServers(filled(snippet('cursor'), setup.url).replaceAll('${userHome}', home));
    },
    operations.length,
  ],
];

describe.each(CLIENTS)('the %s configuration of docs/mcp.md', (_client, launchOf, toolCount) => {
  it('names the same command: npx -y --package=loyalty-sdk loyalty mcp', () => {
    const launch = launchOf();
    expect([launch.command, ...launch.args.slice(0, 4)]).toEqual([
      'npx',
      '-y',
      '--package=loyalty-sdk',
      'loyalty',
      'mcp',
    ]);
  });

  it('starts the server from a project with the package installed: initialize, then its tools', async () => {
    const { tools, printed } = await listedBy(launchOf());
    expect(tools).toHaveLength(toolCount);
    expect(printed).not.toContain(ALL_SCOPES_KEY);
  }, 60_000);
});
