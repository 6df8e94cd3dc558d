import type { Readable, Writable } from 'node:stream';
import { DEFAULT_MAX_REQUEST_BODY_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { readLines, type SourceLine } from '../../bulk/line-source.js';

/**
 * The most bytes one message over stdio may hold, its line break left out: the MCP SDK's own
 * bound on a message over HTTP (4 MiB), so both transports take the same; an API call's body is at
 * most 1 MiB, so every tool call fits. A longer line is never held whole.
 */
export const MAX_STDIO_MESSAGE_BYTES = DEFAULT_MAX_REQUEST_BODY_SIZE;

type RequestId = string | number | null;

const idOf = (value: unknown): RequestId => {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/** The message of a line, or the JSON-RPC error that answers it: a line too long, not JSON, or not a message. */
function readMessage(
  line: SourceLine,
): { message: JSONRPCMessage } | { code: number; message: string; id: RequestId } {
  if (line.refused?.reason === 'too-long')
    return {
      code: ErrorCode.InvalidRequest,
      message: `Invalid Request: a message over stdio is at most ${MAX_STDIO_MESSAGE_BYTES} bytes (${MAX_STDIO_MESSAGE_BYTES / 1024 / 1024} MiB) on one line; this one was longer and was not read`,
      id: null,
    };
  if (line.refused)
    return { code: ErrorCode.ParseError, message: 'Parse error: the line is not UTF-8', id: null };
  let json: unknown;
  try {
    json = JSON.parse(line.text);
  } catch {
    return { code: ErrorCode.ParseError, message: 'Parse error: the line is not JSON', id: null };
  }
  const parsed = JSONRPCMessageSchema.safeParse(json);
  if (parsed.success) return { message: parsed.data };
  return {
    code: ErrorCode.InvalidRequest,
    message: 'Invalid Request: not a JSON-RPC 2.0 message',
    id: idOf(json),
  };
}

/**
 * MCP over stdio, one JSON-RPC message a line (the MCP SDK's StdioServerTransport, less its end
 * on a long message): a line longer than MAX_STDIO_MESSAGE_BYTES, one that is not JSON and one
 * that is no JSON-RPC message are each answered with a JSON-RPC error, and the next line is read
 * as usual. The SDK's transport instead closed at 10 MiB of unread input, and answered nothing.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    void this.#read();
  }

  async #read(): Promise<void> {
    try {
      for await (const line of readLines(this.input, { maxRowBytes: MAX_STDIO_MESSAGE_BYTES })) {
        if (this.#closed) return;
        if (line.text?.trim() === '') continue;
        const read = readMessage(line);
        if ('code' in read)
          await this.#write({
            jsonrpc: '2.0',
            id: read.id,
            error: { code: read.code, message: read.message },
          });
        else this.onmessage?.(read.message);
      }
    } catch (error) {
      if (!this.#closed) this.onerror?.(error as Error);
    }
    await this.close();
  }

  #write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(message);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // A read left waiting on stdin would keep the process alive.
    this.input.destroy();
    this.onclose?.();
  }
}
