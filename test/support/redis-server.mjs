// A real redis-server for the tests and the fleet run: started on a free port with no
// persistence, stopped at the end (installed as debian-tool.mjs says when missing).
import { spawn } from 'node:child_process';
import { ensureDebianTool } from './debian-tool.mjs';
import { freePort } from './free-port.mjs';

const INSTALL_HINT =
  'redis-server is missing: install it (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) and run the tests again';

/** The path of redis-server, installing it when this machine can; else an Error with the one-line hint. */
export function ensureRedisServerBinary() {
  return ensureDebianTool({ command: 'redis-server', debianPackage: 'redis-server', hint: INSTALL_HINT });
}

/**
 * Starts redis-server on a free loopback port. Resolves to `{ url, stop }` once it accepts
 * connections; `stop()` ends it and resolves when it has exited.
 */
export async function startRedisServer() {
  const binary = ensureRedisServerBinary();
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'yes',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const ready = await new Promise((/** @type {(ready: boolean) => void} */ resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      const onData = (/** @type {Buffer} */ chunk) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (ready) {
      child.stdout.resume();
      child.stderr.resume();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
    }
    child.kill('SIGKILL');
    // The port may have been taken between the probe and the start: another free port.
    if (attempt >= 3) throw new Error(`redis-server did not start: ${output.trim().split('\n').pop()}`);
  }
}
