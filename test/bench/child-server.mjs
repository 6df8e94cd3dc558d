// @ts-check
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Starts `script` (a path relative to this folder) as a child process that prints its base URL on its first
 * line and stops when its stdin closes.
 * @param {string} script
 * @param {string[]} [args]
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startChild(script, args = []) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const exited = once(child, 'close').then(([code]) => {
    throw new Error(`${script} exited (code ${code}) before printing its URL`);
  });
  const [url] = /** @type {[string]} */ (await Promise.race([once(lines, 'line'), exited]));
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
