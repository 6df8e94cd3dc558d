import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { failureResponse } from '../answers/envelope.js';
import { type ApiFailureError, headersTooLarge, malformedHttp, requestTimeout } from '../answers/failures.js';
import { CORS_HEADERS } from './cors.js';

/** What node's HTTP parser refused, as the failure the envelope carries. */
function parserFailure(error: NodeJS.ErrnoException): ApiFailureError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return headersTooLarge();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  return malformedHttp(error.code ?? 'parse error');
}

/**
 * A `clientError` listener for node:http: what its parser refuses before any request exists
 * (an unknown method, headers over 16 KiB, bytes that are not HTTP) is answered with the
 * envelope like everything else, instead of node's bare status line, and the connection closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const response = failureResponse(parserFailure(error), { requestId: randomUUID(), appId: 0, scope: null });
  const body = Buffer.from(response.body);
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n`;
  const headers = { ...response.headers, ...CORS_HEADERS };
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  head += `content-length: ${body.length}\r\nconnection: close\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
}
