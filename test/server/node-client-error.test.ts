import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import { answerClientError } from '../../src/server/adapters/node-client-error.js';

/** A socket that keeps what is written to it. */
function recordingSocket(): { socket: Duplex; written: () => string; destroyed: () => boolean } {
  const chunks: Buffer[] = [];
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { socket, written: () => Buffer.concat(chunks).toString('utf8'), destroyed: () => socket.destroyed };
}

const errorWithCode = (code: string) => Object.assign(new Error(code), { code });

describe('answerClientError', () => {
  it.each([
    ['HPE_INVALID_METHOD', 400],
    ['HPE_HEADER_OVERFLOW', 431],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408],
  ])('%s is answered %i with the envelope and connection: close', (code, status) => {
    const { socket, written } = recordingSocket();
    answerClientError(errorWithCode(code), socket);
    const text = written();
    expect(text.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expect(text).toMatch(/\r\nconnection: close\r\n/);
    const envelope = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(envelope.codigoRespuesta).toBe(ERROR_CODES.badRequest);
    expect(envelope.meta).toMatchObject({ appId: 0, scope: null });
  });

  it('a connection the client reset gets no answer', () => {
    const { socket, written, destroyed } = recordingSocket();
    answerClientError(errorWithCode('ECONNRESET'), socket);
    expect(written()).toBe('');
    expect(destroyed()).toBe(true);
  });
});
