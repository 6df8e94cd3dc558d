// @ts-check
// The baseline: a bare node:http server answering the exact bytes (status, headers, body) that
// the reference server gave for the same request.
import { createServer } from 'node:http';

/** @type {{ status: number, headers: Record<string, string>, body: string }} */
const answer = JSON.parse(process.argv[2] ?? '');
const body = Buffer.from(answer.body);
const server = createServer((_request, response) => {
  response.writeHead(answer.status, answer.headers);
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`http://127.0.0.1:${address.port}`);
});
process.stdin.resume();
process.stdin.on('end', () => server.close(() => process.exit(0)));
