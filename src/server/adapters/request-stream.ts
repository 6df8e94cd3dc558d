import type { ServerResponse } from 'node:http';
import type { RequestLog } from '../inspector/index.js';

/** The live feed of the request log, as Server-Sent Events. */
export const REQUEST_STREAM_PATH = '/__admin/requests/stream';

/** A comment line now and then keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * Streams the log's events to one client until it goes away: `event: request` with each new
 * entry as JSON, `event: reset` when the state was reset.
 */
export function streamRequests(
  log: RequestLog,
  res: ServerResponse,
  cors: Readonly<Record<string, string>> | undefined,
): void {
  res.writeHead(200, {
    ...cors,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write(': loyalty reference server request log\n\n');
  const unsubscribe = log.subscribe((event) => {
    const data = event.type === 'request' ? JSON.stringify(event.entry) : '{}';
    res.write(`event: ${event.type}\ndata: ${data}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref?.();
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}
