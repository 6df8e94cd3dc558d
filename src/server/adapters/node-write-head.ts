import type { ServerResponse } from 'node:http';
import type { EngineResponse } from '../answers/response.js';

/**
 * Status, headers (with the CORS headers of its path) and the body's length in one `writeHead`. The headers are copied into a fresh
 * object by a loop, not by spread syntax: under load the spread cost more than the whole write.
 */
export function writeHeadFor(
  res: ServerResponse,
  response: EngineResponse,
  contentLength: number,
  closeConnection: boolean,
  cors: Readonly<Record<string, string>> | undefined,
): void {
  const headers: Record<string, string | number> = { 'content-length': contentLength };
  for (const name in response.headers) headers[name] = response.headers[name] as string;
  for (const name in cors) headers[name] = cors[name] as string;
  // A body left unread cannot be skipped on a kept-alive connection, so the connection ends here.
  if (closeConnection) headers.connection = 'close';
  res.writeHead(response.status, headers);
}
