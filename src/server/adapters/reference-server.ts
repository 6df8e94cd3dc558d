import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReferenceAdmin, ReferenceEngine } from '../inspector/index.js';
import type { ReferenceServerOptions } from '../inspector/server-options.js';
import { createReferenceEngine } from '../inspector/with-admin-routes.js';
import { answerClientError } from './node-client-error.js';
import { createNodeListener } from './node-listener.js';

export interface ListenOptions {
  /** Default 0: a free port chosen by the system. */
  port?: number;
  /** Default 127.0.0.1: reachable from this machine only. */
  host?: string;
}

export interface ReferenceServer {
  /** Starts listening; resolves to the base URL (the spec's {base_url}, without /ext/v3). */
  listen(options?: ListenOptions): Promise<string>;
  readonly admin: ReferenceAdmin;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

export const DEFAULT_HOST = '127.0.0.1';

function baseUrlOf(address: AddressInfo): string {
  const host =
    address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  return serveEngine(createReferenceEngine(options));
}

/** A reference server over an engine made elsewhere (tests that also look at the engine). */
export function serveEngine(engine: ReferenceEngine): ReferenceServer {
  let server: Server | undefined;

  return {
    admin: engine.admin,

    listen({ port = 0, host = DEFAULT_HOST } = {}) {
      if (server) return Promise.reject(new Error('The reference server is already listening'));
      const listening = createServer(
        createNodeListener(engine, { host, token: engine.state.options.adminToken }),
      );
      listening.on('clientError', answerClientError);
      server = listening;
      return new Promise((resolve, reject) => {
        listening.once('error', (error) => {
          server = undefined;
          reject(error);
        });
        listening.listen(port, host, () => resolve(baseUrlOf(listening.address() as AddressInfo)));
      });
    },

    close() {
      const listening = server;
      server = undefined;
      if (!listening) return Promise.resolve();
      return new Promise((resolve, reject) => {
        listening.close((error) => (error ? reject(error) : resolve()));
        listening.closeAllConnections();
      });
    },
  };
}
