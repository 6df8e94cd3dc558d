/**
 * Issue point 5, exposure: the reference server binds the loopback interface unless told
 * otherwise (its admin routes take no key, docs/reference-server.md). From code, `listen()`
 * without a host answers on 127.0.0.1 only: not on the machine's other addresses, not on ::1.
 * Told `host: '0.0.0.0'`, it answers on them.
 *
 * test/conformance/seed-and-server.test.ts checks the URL and one external address, and
 * test/cli/serve-process.test.ts that `loyalty serve` prints a 127.0.0.1 URL.
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createReferenceServer, DEFAULT_HOST } from '../../src/server/internal.js';

const externalIpv4 = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

/** Whether a TCP connection to host:port opens. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function started(host?: string) {
  const server = createReferenceServer();
  const url = new URL(await server.listen(host === undefined ? { port: 0 } : { port: 0, host }));
  return { server, url, port: Number(url.port) };
}

describe('the reference server binds loopback unless told otherwise', () => {
  it('the default host is 127.0.0.1', () => {
    expect(DEFAULT_HOST).toBe('127.0.0.1');
  });

  it('listen() without a host answers on 127.0.0.1 and not on ::1', async () => {
    const { server, url, port } = await started();
    try {
      expect(url.hostname).toBe('127.0.0.1');
      expect(await reachable('127.0.0.1', port)).toBe(true);
      expect(await reachable('::1', port)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it.skipIf(externalIpv4 === undefined)(
    `listen() without a host refuses connections on the machine's non-loopback IPv4 address (${externalIpv4 ?? 'skipped: this machine has none'})`,
    async () => {
      const { server, port } = await started();
      try {
        expect(await reachable(externalIpv4!, port)).toBe(false);
      } finally {
        await server.close();
      }
    },
  );

  it.skipIf(externalIpv4 === undefined)(
    `told host 0.0.0.0, it answers on the non-loopback IPv4 address too (${externalIpv4 ?? 'skipped: this machine has none'})`,
    async () => {
      const { server, url, port } = await started('0.0.0.0');
      try {
        expect(url.hostname).toBe('0.0.0.0');
        expect(await reachable(externalIpv4!, port)).toBe(true);
        expect(await reachable('127.0.0.1', port)).toBe(true);
      } finally {
        await server.close();
      }
    },
  );
});
