/** Reference servers over node:http that a test starts and that close when it ends. */
import { afterEach } from 'vitest';
import {
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '../../src/server/internal.js';

/**
 * Call at the top of a test file: gives `started(options)`, which starts a server on a free
 * loopback port and resolves to it and its base URL; each is closed after the test that started it.
 */
export function serversClosedAfterEach(): (
  options?: ReferenceServerOptions,
) => Promise<{ server: ReferenceServer; url: string }> {
  const servers: ReferenceServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options = {}) => {
    const server = createReferenceServer(options);
    servers.push(server);
    return { server, url: await server.listen() };
  };
}
