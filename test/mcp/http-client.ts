/**
 * Plain HTTP requests to `loyalty mcp --http`, without the MCP SDK's Client: as many sessions as a
 * test wants, each as cheap as one POST.
 */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

const JSON_AND_SSE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'loyalty-sdk-session-tests', version: '1.0.0' },
  },
};

export interface Initialized {
  status: number;
  /** The session's id; undefined when none began. */
  sessionId: string | undefined;
  body: string;
}

/** An `initialize` POST, its answer read to the end. */
export async function initialize(url: string): Promise<Initialized> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: JSON_AND_SSE,
    body: JSON.stringify(INITIALIZE),
  });
  const body = await answer.text();
  return { status: answer.status, sessionId: answer.headers.get('mcp-session-id') ?? undefined, body };
}

/** A `ping` in the session: 200 while it lives, 404 once it has ended. */
export async function ping(url: string, sessionId: string): Promise<number> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      ...JSON_AND_SSE,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

/**
 * The session's stream of server messages (a GET), open until `close`: while it is open the
 * session has a request in progress, as it has while an MCP client listens.
 */
export async function openStream(url: string, sessionId: string): Promise<{ status: number; close(): void }> {
  const controller = new AbortController();
  const answer = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
    },
    signal: controller.signal,
  });
  return { status: answer.status, close: () => controller.abort() };
}

/** `task` for 0..count-1, `parallel` at a time, the results in order. */
export async function inParallel<T>(count: number, parallel: number, task: (index: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}
