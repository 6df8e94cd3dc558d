/**
 * What node's HTTP parser refuses before a request exists is still answered with the envelope:
 * raw bytes over a socket, since no HTTP client sends such requests.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, ERROR_CODES, useServer } from '../support/conformance-harness.js';

const harness = useServer();

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `bytes` as they are; resolves only once the server has ended the connection. */
function sendRaw(bytes: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(harness.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    socket.write(bytes);
  });
}

const CUSTOMER = `${API_PREFIX}/clientes/cli_0001`;

const cases: Array<[string, string, number]> = [
  ['an unknown method', `FOO ${CUSTOMER} HTTP/1.1\r\nhost: x\r\n\r\n`, 400],
  ['a request line that is not HTTP', 'hello there\r\n\r\n', 400],
  ['a header name with a space', `GET ${CUSTOMER} HTTP/1.1\r\nhost: x\r\nbad header: 1\r\n\r\n`, 400],
  [
    'headers over 16 KiB',
    `GET ${CUSTOMER} HTTP/1.1\r\nhost: x\r\nx-filler: ${'a'.repeat(17_000)}\r\n\r\n`,
    431,
  ],
];

describe('requests node:http cannot parse', () => {
  it.each(cases)(
    '%s: status %i with the envelope, and the connection closes',
    async (_name, bytes, status) => {
      const answer = await sendRaw(bytes);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers.connection).toBe('close');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      const envelope = JSON.parse(answer.body);
      expect(envelope.codigoRespuesta).toBe(ERROR_CODES.badRequest);
      expect(envelope.meta).toEqual({ requestId: answer.headers['x-request-id'], appId: 0, scope: null });
      expect(envelope.details).toEqual([expect.objectContaining({ in: 'header', name: '' })]);
    },
  );

  it('the server still answers well-formed requests afterwards', async () => {
    await sendRaw('hello there\r\n\r\n');
    const reply = await harness.call('GET', CUSTOMER);
    expect(reply.status).toBe(200);
  });
});
