// @ts-check
/** Starts fixed-server.mjs as a child process and hands back its base URL. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** @typedef {{ url: string, stop: () => Promise<void> }} FixedServer */

/** @returns {Promise<FixedServer>} */
export async function startFixedServer() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./fixed-server.mjs', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const failed = once(child, 'close').then(([code]) => {
    throw new Error(`fixed-server.mjs exited (code ${code}) before printing its URL`);
  });
  const [url] = /** @type {[string]} */ (await Promise.race([once(lines, 'line'), failed]));
  lines.close();
  return {
    url,
    stop: async () => {
      const stopped = once(child, 'exit');
      child.stdin?.end();
      await stopped;
    },
  };
}
