import type { IncomingMessage } from 'node:http';

/** An `initialize` is a few hundred bytes; a request without a session may send no more than this. */
const MAX_INITIALIZE_BYTES = 64 * 1024;

/** A POST without a session: its `initialize` message, or why it starts no session (an HTTP status and a reason). */
export type InitializeBody =
  | { kind: 'initialize'; message: unknown; id: string | number | null }
  | { kind: 'refused'; status: number; code: number; message: string };

const refused = (status: number, code: number, message: string): InitializeBody => ({
  kind: 'refused',
  status,
  code,
  message,
});

/**
 * Whether a message asks to initialize. The transport checks the whole message after this (and a
 * session it refuses ends at once); this is only whether to make room for one.
 */
const namesInitialize = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as { method?: unknown }).method === 'initialize';

/**
 * Reads the body of a request that names no session, so that only an `initialize` makes room
 * for a session (another message must not end one). The transport is handed the parsed body.
 */
export async function initializeBody(req: IncomingMessage): Promise<InitializeBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_INITIALIZE_BYTES)
      return refused(
        413,
        -32000,
        `A request without Mcp-Session-Id is at most ${MAX_INITIALIZE_BYTES} bytes`,
      );
    chunks.push(chunk);
  }
  let message: unknown;
  try {
    message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return refused(400, -32700, 'Parse error: Invalid JSON');
  }
  const initialize = Array.isArray(message) ? message.find(namesInitialize) : message;
  if (!namesInitialize(initialize))
    return refused(400, -32000, 'Bad Request: no Mcp-Session-Id; a session starts with initialize');
  const { id } = initialize as { id?: unknown };
  return { kind: 'initialize', message, id: typeof id === 'string' || typeof id === 'number' ? id : null };
}
