/**
 * A bare MCP client, JSON-RPC by hand over stdio or Streamable HTTP: what a host sends, and every
 * byte the server sends back, read however large it is (only its start is parsed).
 */
import type { Readable, Writable } from 'node:stream';
import type { Tap } from './tap.js';

/** Answers larger than this are counted, not parsed. */
const PARSE_LIMIT = 8_000_000;

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ToolAnswer {
  /** Whether an answer to the tool call came, parsed or not. */
  answered: boolean;
  /** The JSON-RPC response, when one came and was small enough to parse. */
  response: Record<string, unknown> | undefined;
  /** What was wrong when none could be read. */
  problem: string | undefined;
  /** From the call sent to its answer read, when a clock was given (the table's). */
  answeredMs?: number;
}

/** No answer to the tool call, and why. */
export const unanswered = (problem: string): ToolAnswer => ({
  answered: false,
  response: undefined,
  problem,
});

const timed = (now: (() => number) | undefined, sent: number | undefined) =>
  now && sent !== undefined ? { answeredMs: now() - sent } : {};

export const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'loyalty-sdk-hostile-tests', version: '1.0.0' },
  },
};
export const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const callOf = (tool: ToolCall) => ({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: tool });

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

interface Line {
  /** Up to PARSE_LIMIT characters of it. */
  start: string;
  /** Its last characters, where a response too large to parse still shows its id. */
  tail: string;
  bytes: number;
}

/** JSON-RPC lines from `output`, each to `onLine` once complete. */
function readLines(output: Readable, onLine: (line: Line) => void): void {
  let line: Line = { start: '', tail: '', bytes: 0 };
  const add = (piece: string) => {
    if (line.start.length < PARSE_LIMIT) line.start += piece.slice(0, PARSE_LIMIT - line.start.length);
    line.tail = (line.tail + piece).slice(-100);
    line.bytes += piece.length;
  };
  output.on('data', (chunk: Buffer) => {
    let text = chunk.toString('utf8');
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n')) {
      add(text.slice(0, end));
      onLine(line);
      line = { start: '', tail: '', bytes: 0 };
      text = text.slice(end + 1);
    }
    add(text);
  });
}

const idOf = (line: Line): number | undefined => {
  if (line.bytes <= PARSE_LIMIT) {
    const id = parse(line.start)?.id;
    return typeof id === 'number' ? id : undefined;
  }
  const id = /"id":(\d+)\}\s*$/.exec(line.tail)?.[1];
  return id === undefined ? undefined : Number(id);
};

/**
 * Over stdio: initialize, then the tool call, each answer awaited until it comes or the server's
 * stdout closes (its spawner ends it at its hard limit). The server's stdout is already tapped by
 * its spawner; this reads the same stream for the protocol.
 */
export async function callOverStdio(
  stdin: Writable,
  stdout: Readable,
  tool: ToolCall,
  now?: () => number,
): Promise<ToolAnswer> {
  const waiting = new Map<number, (line: Line) => void>();
  readLines(stdout, (line) => {
    const id = idOf(line);
    if (id !== undefined) waiting.get(id)?.(line);
  });
  const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
  const answer = (id: number) =>
    new Promise<Line | undefined>((resolve) => {
      stdout.once('close', () => resolve(undefined));
      waiting.set(id, resolve);
    });
  send(initialize);
  if (!(await answer(1))) return unanswered('no answer to initialize');
  send(initialized);
  const sent = now?.();
  send(callOf(tool));
  const line = await answer(2);
  if (!line) return unanswered('no answer to the tool call');
  const response = line.bytes <= PARSE_LIMIT ? parse(line.start) : undefined;
  return {
    answered: true,
    response,
    problem: response ? undefined : `an answer of ${line.bytes} bytes that is not JSON-RPC`,
    ...timed(now, sent),
  };
}

/** The body of an answer, into `tap` and, up to PARSE_LIMIT, into the text returned. */
async function readBody(response: Response, tap: Tap): Promise<string> {
  for (const [name, value] of response.headers) tap.push(`${name}: ${value}\n`);
  let text = '';
  if (!response.body) return text;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    const piece = decoder.decode(chunk as Uint8Array, { stream: true });
    tap.push(piece);
    if (text.length < PARSE_LIMIT) text += piece.slice(0, PARSE_LIMIT - text.length);
  }
  return text;
}

/** The JSON-RPC message of an answer, sent as JSON or as the `data:` of server-sent events. */
function messageIn(text: string, id: number): Record<string, unknown> | undefined {
  const candidates = text.trimStart().startsWith('{')
    ? [text]
    : text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length).trim());
  return candidates.map(parse).find((message) => message?.id === id);
}

/**
 * Over Streamable HTTP: initialize, then the tool call in the session it opened, each answer
 * awaited until it comes or `serverGone` aborts (its spawner ends it at its hard limit).
 */
export async function callOverHttp(
  url: string,
  tool: ToolCall,
  received: Tap,
  serverGone: AbortSignal,
  now?: () => number,
): Promise<ToolAnswer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const post = (message: object) =>
    fetch(url, { method: 'POST', headers, body: JSON.stringify(message), signal: serverGone });
  try {
    const opened = await post(initialize);
    const session = opened.headers.get('mcp-session-id');
    await readBody(opened, received);
    if (session === null) return unanswered('no session');
    headers['mcp-session-id'] = session;
    headers['mcp-protocol-version'] = initialize.params.protocolVersion;
    await readBody(await post(initialized), received);
  } catch (error) {
    return unanswered(`initialize failed: ${(error as Error).message}`);
  }
  const sent = now?.();
  try {
    const text = await readBody(await post(callOf(tool)), received);
    const response = messageIn(text, 2);
    return {
      answered: true,
      response,
      problem: response ? undefined : 'an answer that is not JSON-RPC',
      ...timed(now, sent),
    };
  } catch (error) {
    return unanswered(
      serverGone.aborted ? 'no answer to the tool call' : `the tool call failed: ${(error as Error).message}`,
    );
  }
}

/**
 * The first URL a starting server prints that `pattern` captures, or undefined once its stdout
 * closes without one (its spawner ends it at its hard limit).
 */
export function urlIn(stdout: NodeJS.ReadableStream | null, pattern: RegExp): Promise<string | undefined> {
  return new Promise((resolve) => {
    let text = '';
    stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = pattern.exec(text)?.[1];
      if (found) resolve(found);
    });
    stdout?.on('close', () => resolve(undefined));
  });
}

/** Opens a session over Streamable HTTP: its id, or undefined when none was given. */
export async function openSession(url: string): Promise<string | undefined> {
  const opened = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(initialize),
  });
  await opened.arrayBuffer();
  return opened.headers.get('mcp-session-id') ?? undefined;
}

/** The status a session's id gets on a tools/list: 200 while it lives, 404 once it ended. */
export async function sessionStatus(url: string, session: string): Promise<number> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': session,
      'mcp-protocol-version': initialize.params.protocolVersion,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
  });
  await answer.arrayBuffer();
  return answer.status;
}
