/** `loyalty serve`: what it says when it cannot listen, and about the inspector of the bind it got. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { CLI, loyalty, serverForCli } from './cli-harness.js';

/** The lines `loyalty serve ...args` prints up to "Press Ctrl+C", then it is stopped with Ctrl+C. */
async function startupLines(args: readonly string[]): Promise<string[]> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    if (line.startsWith('Press Ctrl+C')) break;
  }
  child.kill('SIGINT');
  await once(child, 'exit');
  return lines;
}

describe('loyalty serve', () => {
  it('on a port in use, says so and suggests --port 0', async () => {
    const { url } = await serverForCli();
    const run = await loyalty(['serve', '--port', new URL(url).port]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`port ${new URL(url).port} is in use`);
    expect(run.stderr).toContain('--port 0');
    expect(run.stderr).not.toContain('EADDRINUSE');
  });

  it('on a non-loopback bind without --admin-token, says the inspector is off instead of printing its URL', async () => {
    const lines = await startupLines(['--host', '0.0.0.0', '--port', '0']);
    expect(lines.some((line) => line.includes('__inspector'))).toBe(false);
    expect(lines).toContainEqual(
      expect.stringMatching(/inspector and the admin routes are off.*--admin-token/),
    );
  });

  it('on a loopback bind, prints the inspector URL', async () => {
    const lines = await startupLines(['--port', '0']);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Inspector: http:\/\/127\.0\.0\.1:\d+\/__inspector$/),
    );
  });
});
