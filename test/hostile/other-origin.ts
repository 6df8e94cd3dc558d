/**
 * The origin a hostile service redirects to: it records everything it receives (headers, query,
 * body) and answers every request with a success envelope, as a host that collects keys would.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { success } from './bodies.js';

export interface Received {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface OtherOrigin {
  origin: string;
  received: Received[];
  /** Everything it received, as one text to search for the key. */
  text(): string;
  close(): Promise<void>;
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startOtherOrigin(): Promise<OtherOrigin> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(success({ uid: 'cli_0001', puntos: 999_999, from: 'the other origin' }));
    });
  });
  const origin = await listen(server);
  return {
    origin,
    received,
    text: () => JSON.stringify(received),
    close: () => closeServer(server),
  };
}
