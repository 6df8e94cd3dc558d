import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '../operations/envelope.js';
import { failureResponse } from './envelope.js';
import { ApiFailure, badRequest } from './failures.js';

/** What node's HTTP parser refused, as the failure the envelope carries. */
function failureOf(error: NodeJS.ErrnoException): ApiFailure {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiFailure(431, ERROR_CODES.badRequest, 'Encabezados demasiado grandes', {
      details: [
        { in: 'header', name: '', message: 'the request line and headers exceed 16 KiB', code: 'too_large' },
      ],
    });
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiFailure(408, ERROR_CODES.badRequest, 'La petición no llegó completa a tiempo');
  }
  return badRequest([
    {
      in: 'header',
      name: '',
      message: `the request line or headers are not valid HTTP/1.1 (${error.code ?? 'parse error'})`,
      code: 'malformed_http',
    },
  ]);
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
  const response = failureResponse(failureOf(error), { requestId: randomUUID(), appId: 0, scope: null });
  const body = Buffer.from(response.body);
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n`;
  for (const [name, value] of Object.entries(response.headers)) head += `${name}: ${value}\r\n`;
  head += `content-length: ${body.length}\r\nconnection: close\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
}
