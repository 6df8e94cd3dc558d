/**
 * The test command's own redis-server (test/support/redis-server.mjs): started on a free port and
 * stopped; when the binary is missing and cannot be installed, one line says how to install it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { startRedisServer } from '../support/redis-server.mjs';

const MODULE = join(import.meta.dirname, '..', 'support', 'redis-server.mjs');

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('the redis-server of the tests', () => {
  it('starts on a free loopback port, answers PING, and is gone once stopped', async () => {
    const server = await startRedisServer();
    const redis = new Redis(server.url);
    expect(await redis.ping()).toBe('PONG');
    await redis.quit();
    await server.stop();
    expect(await portOpen(server.port)).toBe(false);
  });

  it('missing, where it cannot be installed (not root), stops with one line saying how to install it', () => {
    // A PATH with a shell and nothing else; as root, run as nobody so that apt-get is not tried.
    const bin = mkdtempSync(join(tmpdir(), 'no-redis-'));
    chmodSync(bin, 0o755);
    symlinkSync('/bin/sh', join(bin, 'sh'));
    const script = `import(${JSON.stringify(MODULE)}).then((m) => m.ensureRedisServerBinary()).then(
      (found) => console.log('found ' + found), (error) => console.log(error.message))`;
    const asUser =
      process.getuid?.() === 0
        ? ['/usr/bin/setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']
        : [];
    const command = [...asUser, process.execPath, '-e', script];
    try {
      const out = execFileSync(command[0] as string, command.slice(1), {
        encoding: 'utf8',
        env: { PATH: bin, HOME: bin },
        cwd: bin,
      });
      expect(out.trim().split('\n')).toEqual([
        'redis-server is missing: install it (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) and run the tests again',
      ]);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
