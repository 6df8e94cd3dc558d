/**
 * `loyalty mcp` over stdio answers a message it cannot take and goes on serving (issue 44, row 9;
 * docs/mcp.md, "Messages over stdio"): a line longer than MAX_STDIO_MESSAGE_BYTES is answered with
 * a JSON-RPC error naming the limit, without being held; a line that is not JSON, not UTF-8 or not
 * a JSON-RPC message gets its error too; the next line is answered as usual.
 */
import { readFileSync } from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BoundedStdioTransport, MAX_STDIO_MESSAGE_BYTES } from '../../src/cli/mcp/stdio-transport.js';
import { operations } from '../../src/operations/table.js';
import { CLI } from '../cli/cli-harness.js';
import { spawnMeasured } from '../hostile/child.js';
import { initialize, initialized } from '../hostile/mcp-client.js';
import { ALL_SCOPES_KEY, referenceServer, stateHome } from './mcp-harness.js';

const MiB = 1024 * 1024;
const LIST_TOOLS = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })}\n`;

/** The JSON-RPC messages written to `output`, one a line, each awaited in turn. */
function answersOf(output: Readable): () => Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let rest = '';
  output.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  return async () => {
    const line = lines.shift() ?? (await new Promise<string>((resolve) => waiting.push(resolve)));
    return JSON.parse(line) as Record<string, unknown>;
  };
}

/** Writes `bytes` of `a` as one line (no line break), a mebibyte at a time, as fast as the reader takes them. */
async function writeLongLine(input: Writable, bytes: number, afterEachChunk = () => {}): Promise<void> {
  const chunk = Buffer.alloc(MiB, 'a');
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!input.write(left >= chunk.length ? chunk : chunk.subarray(0, left)))
      await new Promise((resolve) => input.once('drain', resolve));
    afterEachChunk();
  }
}

/** An MCP server of one tool behind the transport, over streams the test writes and reads. */
async function servedOverStreams() {
  const input = new PassThrough();
  const output = new PassThrough();
  const server = new Server({ name: 'stdio-limits', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'only', inputSchema: { type: 'object' as const } }],
  }));
  await server.connect(new BoundedStdioTransport(input, output));
  onTestFinished(() => server.close());
  return { input, next: answersOf(output) };
}

const toolList = (id: number) => ({
  jsonrpc: '2.0',
  id,
  result: { tools: [expect.objectContaining({ name: 'only' })] },
});
const errorAnswer = (code: number, says: string, id: string | number | null = null) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message: expect.stringContaining(says) },
});

describe('the stdio transport', () => {
  it.each<[string, Buffer | string, ReturnType<typeof errorAnswer>]>([
    [
      'a line one byte over the limit',
      `${'a'.repeat(MAX_STDIO_MESSAGE_BYTES + 1)}\n`,
      errorAnswer(ErrorCode.InvalidRequest, `at most ${MAX_STDIO_MESSAGE_BYTES} bytes (4 MiB)`),
    ],
    ['a line that is not JSON', 'hello\n', errorAnswer(ErrorCode.ParseError, 'not JSON')],
    ['JSON cut short', '{"jsonrpc":"2.0","id":1,\n', errorAnswer(ErrorCode.ParseError, 'not JSON')],
    [
      'a line that is not UTF-8',
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]),
      errorAnswer(ErrorCode.ParseError, 'not UTF-8'),
    ],
    [
      'JSON that is not a JSON-RPC message, with an id',
      '{"id":5,"hello":1}\n',
      errorAnswer(ErrorCode.InvalidRequest, 'not a JSON-RPC 2.0 message', 5),
    ],
    [
      'a JSON array (no batches)',
      '[1,2]\n',
      errorAnswer(ErrorCode.InvalidRequest, 'not a JSON-RPC 2.0 message'),
    ],
  ])('%s is answered with a JSON-RPC error, and the next line is served', async (_, line, answer) => {
    const { input, next } = await servedOverStreams();
    input.write(line);
    input.write(LIST_TOOLS(1));
    expect(await next()).toEqual(answer);
    expect(await next()).toEqual(toolList(1));
  });

  it('a message of exactly the limit is served', async () => {
    const { input, next } = await servedOverStreams();
    const frame = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: { pad: '' } } };
    const pad = 'a'.repeat(MAX_STDIO_MESSAGE_BYTES - JSON.stringify(frame).length);
    const line = JSON.stringify({ ...frame, params: { _meta: { pad } } });
    expect(Buffer.byteLength(line)).toBe(MAX_STDIO_MESSAGE_BYTES);
    input.write(`${line}\r\n`);
    expect(await next()).toEqual(toolList(2));
  });

  it('blank lines are passed over without an answer', async () => {
    const { input, next } = await servedOverStreams();
    input.write(`\n\r\n   \n${LIST_TOOLS(3)}`);
    expect(await next()).toEqual(toolList(3));
  });

  it('a 100 MB line is not held: memory grows by less than 4 times the limit', async () => {
    const { input, next } = await servedOverStreams();
    const before = process.memoryUsage().arrayBuffers;
    let most = before;
    // Sampled as each megabyte is taken in: what the transport holds grows, if at all, as it reads.
    const sample = () => {
      most = Math.max(most, process.memoryUsage().arrayBuffers);
    };
    await writeLongLine(input, 100 * MiB, sample);
    input.write(`\n${LIST_TOOLS(4)}`);
    expect(await next()).toEqual(errorAnswer(ErrorCode.InvalidRequest, 'at most'));
    expect(await next()).toEqual(toolList(4));
    sample();
    expect(most - before).toBeLessThan(4 * MAX_STDIO_MESSAGE_BYTES);
  });

  it('docs/mcp.md states the limit, and shows the answer to a longer line as it is', async () => {
    const doc = readFileSync(new URL('../../docs/mcp.md', import.meta.url), 'utf8');
    expect(doc.replace(/\s+/g, ' ').includes(`at most ${MAX_STDIO_MESSAGE_BYTES} bytes (4 MiB), its`)).toBe(
      true,
    );
    const { input, next } = await servedOverStreams();
    input.write(`${'a'.repeat(MAX_STDIO_MESSAGE_BYTES + 1)}\n`);
    expect(doc.includes(`\n${JSON.stringify(await next())}\n`)).toBe(true);
  });
});

describe('loyalty mcp over stdio', async () => {
  const setup = await referenceServer();

  /** The built bin's `loyalty mcp`, initialized and measured; killed after the test if it still runs. */
  async function mcpProcess() {
    const measured = spawnMeasured([CLI, 'mcp'], {
      env: {
        PATH: process.env.PATH ?? '',
        XDG_STATE_HOME: stateHome(),
        LOYALTY_BASE_URL: setup.url,
        LOYALTY_API_KEY: ALL_SCOPES_KEY,
      },
      stdin: 'pipe',
      hardTimeoutMs: 60_000,
      rssLimitMb: 1_024,
    });
    onTestFinished(async () => {
      measured.child.kill();
      await measured.ended;
    });
    const input = measured.child.stdin as Writable;
    const next = answersOf(measured.child.stdout as Readable);
    input.write(`${JSON.stringify(initialize)}\n`);
    expect(await next()).toMatchObject({ id: 1, result: { serverInfo: expect.any(Object) } });
    input.write(`${JSON.stringify(initialized)}\n`);
    return { measured, input, next };
  }

  const tools = (id: number) => ({
    jsonrpc: '2.0',
    id,
    result: { tools: expect.toSatisfy((list: unknown[]) => list.length === operations.length) },
  });

  it('a 12 MB message is answered with an error naming the limit; tools/list after it gets the tools; exit 0', async () => {
    const { measured, input, next } = await mcpProcess();
    const big = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tareas_list","arguments":{"x":"${'a'.repeat(12 * MiB)}"}}}\n`;
    input.write(big);
    input.write(LIST_TOOLS(3));
    expect(await next()).toEqual(
      errorAnswer(ErrorCode.InvalidRequest, `at most ${MAX_STDIO_MESSAGE_BYTES} bytes`),
    );
    expect(await next()).toEqual(tools(3));
    input.end();
    const run = await measured.ended;
    expect(run.exitCode).toBe(0);
    expect(run.stderr.head.trim()).toMatch(/^loyalty mcp: \d+ tools for appId \d+ on stdio$/);
  });

  it('a 100 MB line without a break: answered, served after, and its peak resident set stays under 200 MB', async () => {
    const { measured, input, next } = await mcpProcess();
    await writeLongLine(input, 100 * MiB);
    input.write(`\n${LIST_TOOLS(4)}`);
    expect(await next()).toEqual(errorAnswer(ErrorCode.InvalidRequest, 'at most'));
    expect(await next()).toEqual(tools(4));
    input.end();
    const run = await measured.ended;
    expect(run.exitCode).toBe(0);
    expect(run.peakRssMb).toBeLessThan(200);
  });
});
