/**
 * Real MCP sessions against a reference server: the MCP SDK's own Client, over stdio with the
 * built bin (dist/cli.js, `loyalty mcp`) or over Streamable HTTP (`loyalty mcp --http`), with every
 * byte the client receives recorded, so a test can look for the key in them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { afterAll } from 'vitest';
import { operationFlags } from '../../src/cli/table/operation-flags.js';
import type { Scope } from '../../src/operations/scopes.js';
import { type OperationId, tableOperation } from '../../src/operations/table.js';
import { createReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { CLI } from '../cli/cli-harness.js';
import { runMarks } from '../leftovers/leftovers.mjs';
import { endAfter, fileFolder } from '../support/end-after.js';
import { VALID_ARGS } from '../support/valid-args.js';

/** A key with every scope, and one with two: distinctive, so a leak of either is found by a plain search. */
export const ALL_SCOPES_KEY = 'mcp-test-key-all-scopes-7f3a9c';
export const TWO_SCOPES_KEY = 'mcp-test-key-two-scopes-4d81e2';
export const TWO_SCOPES: Scope[] = ['clientes:read', 'puntos:read'];

export interface McpSetup {
  server: ReferenceServer;
  url: string;
}

/**
 * The user's state folder (XDG_STATE_HOME) of the servers a test file starts: the file's alone, so
 * that what its servers remember never reaches another file, another run or the machine's own
 * user; removed after the file's tests.
 */
export const stateHome = (): string => fileFolder('loyalty-mcp-state-');

/** A reference server for the file's tests, closed after them. */
export async function referenceServer(): Promise<McpSetup> {
  const server = createReferenceServer({
    keys: [
      { key: ALL_SCOPES_KEY, scopes: '*' },
      { key: TWO_SCOPES_KEY, scopes: TWO_SCOPES },
    ],
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => server.close());
  return { server, url };
}

/** Every byte the client received, as text. */
export interface Received {
  text(): string;
}

/** The Client's own validator of structured content (ajv), counting the results it checked. */
class CountingValidator extends AjvJsonSchemaValidator {
  checked = 0;

  override getValidator<T>(schema: JsonSchemaType) {
    const validate = super.getValidator<T>(schema);
    return (input: unknown) => {
      this.checked += 1;
      return validate(input);
    };
  }
}

export interface Session {
  client: Client;
  received: Received;
  /** How many results' structuredContent the Client validated against their tool's outputSchema. */
  validated(): number;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The MCP SDK's Client as an assistant's host uses it: it validates structuredContent against outputSchema. */
function validatingClient(): { client: Client; validator: CountingValidator } {
  const validator = new CountingValidator();
  const client = new Client(
    { name: 'loyalty-sdk-tests', version: '1.0.0' },
    { jsonSchemaValidator: validator },
  );
  return { client, validator };
}

function session({ client, validator }: ReturnType<typeof validatingClient>, chunks: string[]): Session {
  return {
    client,
    received: { text: () => chunks.join('') },
    validated: () => validator.checked,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** StdioClientTransport, and what the child writes on stdout and stderr, byte for byte. */
class RecordingStdioTransport extends StdioClientTransport {
  constructor(
    params: ConstructorParameters<typeof StdioClientTransport>[0],
    private readonly chunks: string[],
  ) {
    super({ ...params, stderr: 'pipe' });
    this.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  }

  override async start(): Promise<void> {
    await super.start();
    // The server writes only in answer to a request, and the first is sent after start resolves.
    const child = (this as unknown as { _process: ChildProcess })._process;
    child.stdout?.on('data', (chunk: Buffer) => this.chunks.push(chunk.toString('utf8')));
  }
}

/** `loyalty mcp ...args` over stdio, spawned from the built bin, with `key` in its environment; ended after the test (or the file, when started outside a test). */
export async function stdioSession(
  url: string,
  key: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<Session> {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `npx tsup` first');
  const chunks: string[] = [];
  const transport = new RecordingStdioTransport(
    {
      command: process.execPath,
      args: [CLI, 'mcp', ...args],
      env: {
        ...childEnv(),
        LOYALTY_BASE_URL: url,
        LOYALTY_API_KEY: key,
        ...env,
      },
    },
    chunks,
  );
  const validating = validatingClient();
  endAfter(() => validating.client.close());
  await validating.client.connect(transport);
  return session(validating, chunks);
}

export interface HttpServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * What a server the harness spawns has of the tests' environment: PATH, the file's state folder,
 * and the run's mark and temporary folder (test/leftovers/), so that one left running is named.
 */
function childEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', XDG_STATE_HOME: stateHome(), ...runMarks() };
}

/**
 * `loyalty mcp --http ...args` from the built bin, until stopped (after the test that starts it,
 * or the file's tests when started outside a test); its URL from its first line.
 */
export async function httpServer(
  url: string,
  key: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [CLI, 'mcp', '--http', ...args], {
    env: { ...childEnv(), LOYALTY_BASE_URL: url, LOYALTY_API_KEY: key, ...env },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  endAfter(stop);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const mcpUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /at (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`loyalty mcp --http exited ${code}: ${output}`)));
  });
  return { url: mcpUrl, child, output: () => output, stop };
}

/** A raw POST with a Host header of our choosing (fetch may not set Host): the status it gets. */
export function postWithHost(mcpUrl: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      mcpUrl,
      { method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once('error', reject);
    request.end('{}');
  });
}

/** A client over Streamable HTTP, recording every response body it reads. */
export async function httpSession(mcpUrl: string, headers: Record<string, string> = {}): Promise<Session> {
  const chunks: string[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    for (const [name, value] of response.headers) chunks.push(`${name}: ${value}\n`);
    const copy = response.clone();
    void copy.text().then(
      (text) => chunks.push(text),
      () => undefined,
    );
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
    fetch: recordingFetch,
    requestInit: { headers },
  });
  const validating = validatingClient();
  await validating.client.connect(transport);
  return session(validating, chunks);
}

/** The arguments of a tool that succeed against the demo seed: VALID_ARGS, named as the tool takes them (no dryRun). */
export function validToolArguments(id: OperationId): Record<string, unknown> {
  const operation = tableOperation(id);
  const given = [...VALID_ARGS[id]];
  const names = operationFlags(operation).positionals.map((parameter) => parameter.name);
  const args: Record<string, unknown> = {};
  for (const name of names) args[name] = given.shift();
  const part = (given.shift() ?? {}) as Record<string, unknown>;
  const { dryRun: _dryRun, ...fields } = part;
  return { ...args, ...fields };
}

/** The structured content of a result, typed loosely for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read whatever fields a result has.
export const structured = (result: CallToolResult) => result.structuredContent as Record<string, any>;

/** All the text items of a result. */
export const textOf = (result: CallToolResult): string =>
  result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
