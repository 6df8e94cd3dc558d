/**
 * When verify itself throws (a bug of loyalty-sdk, never a service's answer: any-answer.test.ts),
 * `loyalty verify` says so in one line, apart from every verdict: exit 70, the key masked.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { EXIT } from '../../src/cli/shared/exit-codes.js';
import { verifyCommand } from '../../src/cli/verify/run.js';

const KEY = 'cli_verify_bug_key_7d21e6c0';

/** What a command writes to a stream while the test runs. */
function captured(stream: NodeJS.WriteStream): string[] {
  const written: string[] = [];
  const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  onTestFinished(() => spy.mockRestore());
  return written;
}

describe('loyalty verify when verify itself fails', () => {
  it('one line naming the bug, exit 70, nothing on stdout, the key masked', async () => {
    const [stdout, stderr] = [captured(process.stdout), captured(process.stderr)];
    const failing = async (options: { apiKey?: string } = {}): Promise<never> => {
      throw new TypeError(
        `Cannot read properties of undefined (reading 'x') near ${options.apiKey}\n    at a stack line`,
      );
    };
    const code = await verifyCommand(['--base-url', 'http://127.0.0.1:9'], { LOYALTY_API_KEY: KEY }, failing);
    expect(code).toBe(EXIT.internal);
    expect(stdout).toEqual([]);
    expect(stderr.join('')).toMatch(
      /^loyalty: verify failed: Cannot read properties of undefined \(reading 'x'\) near \S+ \(a bug in loyalty-sdk; please report it\)\n$/,
    );
    expect(stderr.join('')).not.toContain(KEY);
  });
});
