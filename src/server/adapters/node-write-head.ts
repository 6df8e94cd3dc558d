import type { ServerResponse } from 'node:http';
import type { EngineResponse } from '../answers/response.js';
import { CORS_HEADERS } from './cors.js';

/**
 * Status, headers and the body's length in one `writeHead`. The headers are copied into a fresh
 * object by a loop, not by spread syntax: under load the spread cost more than the whole write.
 */
export function writeHeadFor(
  res: ServerResponse,
  response: EngineResponse,
  contentLength: number,
  closeConnection: boolean,
): void {
  const headers: Record<string, string | number> = { 'content-length': contentLength };
  for (const name in response.headers) headers[name] = response.headers[name] as string;
  for (const name in CORS_HEADERS) headers[name] = CORS_HEADERS[name] as string;
  // A body left unread cannot be skipped on a kept-alive connection, so the connection ends here.
  if (closeConnection) headers.connection = 'close';
  res.writeHead(response.status, headers);
}
