// @ts-check
import { createServer } from 'node:net';

/**
 * A loopback port free at the moment of asking, for a process that cannot be told to listen on
 * port 0 and report its choice (redis-server, workerd).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}
