import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { BoundedEventStore } from './event-store.js';

/** How long a client waits before it reconnects a stream that closed (the SSE `retry` field). */
export const SSE_RETRY_MS = 2_000;

/** The MCP SDK's name for a session's GET stream, the one SSE stream this server opens. */
export const GET_STREAM = '_GET_stream';

/** The first protocol version whose clients read an event with empty data (older ones fail on it). */
const PRIMING_FROM = '2025-11-25';

/** The priming event: an id to reconnect from, the pace to reconnect at, and no message. */
export const primingEvent = (id: string): string => `id: ${id}\nretry: ${SSE_RETRY_MS}\ndata: \n\n`;

function isEventStream(headers: unknown): boolean {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return false;
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  return String(type ?? '').includes('text/event-stream');
}

/**
 * A GET opening a session's stream: as the spec asks of a server that opens an SSE stream, its
 * first event carries an id and a `retry` field, so a client whose stream is cut reconnects, at
 * that pace, with `Last-Event-ID`, and the session's store replays what it missed. The MCP SDK's
 * transport primes the streams it opens for a POST, which this server answers with JSON instead,
 * and not the GET stream, so it is written here, once the transport has sent a 200 event-stream
 * head (a refused GET gets none). A resumed stream is not primed: its client has an id already.
 */
export function primeGetStream(req: IncomingMessage, res: ServerResponse, events: BoundedEventStore): void {
  const version = req.headers['mcp-protocol-version'];
  if (req.method !== 'GET' || req.headers['last-event-id'] !== undefined) return;
  if (typeof version !== 'string' || version < PRIMING_FROM) return;
  const writeHead = res.writeHead;
  res.writeHead = function primed(this: ServerResponse, ...args: unknown[]) {
    const written = (writeHead as (...all: unknown[]) => ServerResponse).apply(this, args);
    if (args[0] === 200 && isEventStream(args[1])) {
      this.write(primingEvent(events.store(GET_STREAM, {} as JSONRPCMessage)));
    }
    return written;
  } as ServerResponse['writeHead'];
}
