/**
 * When verify itself throws (a bug of loyalty-sdk, never a service's answer: any-answer.test.ts),
 * `loyalty verify` says so in one line, apart from every verdict: exit 70, the key masked.
 */
import { describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/shared/exit-codes.js';
import { loyalty } from './cli-harness.js';

const KEY = 'cli_verify_bug_key_7d21e6c0';

vi.mock(import('../../src/verify/index.js'), async (importOriginal) => ({
  ...(await importOriginal()),
  verifyService: async (options?: { apiKey?: string }) => {
    throw new TypeError(
      `Cannot read properties of undefined (reading 'x') near ${options?.apiKey}\n    at a stack line`,
    );
  },
}));

describe('loyalty verify when verify itself fails', () => {
  it('one line naming the bug, exit 70, nothing on stdout, the key masked', async () => {
    const run = await loyalty(['verify', '--base-url', 'http://127.0.0.1:9'], { LOYALTY_API_KEY: KEY });
    expect(run.code).toBe(EXIT.internal);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^loyalty: verify failed: Cannot read properties of undefined \(reading 'x'\) near \S+ \(a bug in loyalty-sdk; please report it\)\n$/,
    );
    expect(run.stderr).not.toContain(KEY);
  });
});
