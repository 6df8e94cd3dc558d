import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every example runs as its own process against the BUILT package (`loyalty-sdk` resolves to
 * dist/ through package.json "exports", as it does for an application), exits 0 and prints its
 * key line. Runs after `npm run build` in the test command.
 */
const root = join(import.meta.dirname, '..', '..');
const examples = join(root, 'examples');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

interface Entry {
  /** Arguments of `node`; default: the example file itself. */
  args?: string[];
  /** A line the example prints when all went as it expects. */
  expect: RegExp;
}

/** One entry per file of examples/*.mjs: a new example without an entry fails the test below. */
const EXAMPLES: Record<string, Entry> = {
  'quickstart.mjs': { expect: /^Quickstart done\.$/m },
  'points-with-idempotency-key.mjs': { expect: /^Done: .* each applied exactly once\.$/m },
  'group-dry-run.mjs': {
    expect: /^Done: 750 of 1000 points spent; every member received exactly one movement\.$/m,
  },
  'error-handling.mjs': { expect: /^Handled 12 failures, each with its own class:$/m },
  'bulk-accrual.mjs': {
    expect: /^Done: 60 orders accrued, each exactly once \(\d+ skipped on the second run\)\.$/m,
  },
  'proxy.mjs': {
    expect: /^Done: 3 requests forwarded and \d+ tunnel\(s\) opened by the proxy; none bypassed it\.$/m,
  },
  'msw-consumer-test.test.mjs': {
    args: [vitest, 'run', '--root', 'examples'],
    expect: /Tests\s+5 passed \(5\)/,
  },
};

/** Files of examples/*.mjs that are not examples themselves. */
const SUPPORT_FILES = ['vitest.config.mjs'];

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function run(args: string[]): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  // The examples must use their embedded reference server, whatever the developer's shell says.
  for (const name of Object.keys(env)) {
    if (name.startsWith('LOYALTY_') || name.startsWith('VITEST')) delete env[name];
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, timeout: 60_000 });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, output }));
  });
}

describe('examples', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'index.js')) || !existsSync(join(root, 'dist', 'server.js'))) {
      throw new Error('The examples run against the built package: run `npm run build` first.');
    }
  });

  it('every examples/*.mjs file has an entry here', () => {
    const files = readdirSync(examples).filter((name) => name.endsWith('.mjs'));
    expect(files.filter((name) => !SUPPORT_FILES.includes(name)).sort()).toEqual(
      Object.keys(EXAMPLES).sort(),
    );
  });

  describe.concurrent('each runs, exits 0 and prints its key line', () => {
    it.each(Object.entries(EXAMPLES))('%s', { timeout: 90_000 }, async (file, entry) => {
      const { code, signal, output } = await run(entry.args ?? [join('examples', file)]);
      expect({ file, code, signal, output }).toMatchObject({ file, code: 0, signal: null });
      expect(output).toMatch(entry.expect);
    });
  });
});
