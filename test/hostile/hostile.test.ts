/**
 * Issue 34's table of attacks, as tests: each surface of the package (the SDK on undici and on
 * the `fetch` option, the CLI, verify, MCP over stdio and over HTTP) against a service that
 * redirects across origins, streams 600 MB or for ever, sends bombs, drips, hangs, echoes the key
 * or nests JSON. Every cell runs in a child process of its own (test/hostile/measure.ts); all are
 * measured before the tests, which then read like the table.
 */
import { describe, expect, it } from 'vitest';
import {
  expectBoundedPeak,
  expectNoKey,
  expectNothingAtTheOtherOrigin,
  expectOneRequest,
  expectSettled,
  measuredCells,
} from './cells.js';
import { CLI_SEEN } from './cli-seen.js';
import { MCP_SEEN } from './mcp-seen.js';
import { SURFACES, type Surface } from './measure.js';
import { TESTED, testedOn } from './scenarios.js';
import { SDK_SEEN } from './sdk-seen.js';
import type { SeenBy } from './seen.js';
import { VERIFY_SEEN } from './verify-seen.js';

const SEEN: Record<Surface, SeenBy> = {
  'sdk-undici': SDK_SEEN,
  'sdk-fetch': SDK_SEEN,
  cli: CLI_SEEN,
  verify: VERIFY_SEEN,
  'mcp-stdio': MCP_SEEN,
  'mcp-http': MCP_SEEN,
};

/** Where a second try would send the key (and a write's body) again: none is made. */
const NEVER_RETRIED = /^(redirect-|600mb|200mb|endless|brotli-bomb|gzip-bomb)/;

const cells = measuredCells(TESTED);

describe.each(SURFACES)('%s against a hostile service', (surface) => {
  describe.each(testedOn(surface))('$attack', (scenario) => {
    const seen = SEEN[surface][scenario.attack];

    it('shows no 8 consecutive characters of the key in anything it prints, answers, writes or hands on', () => {
      expectNoKey(cells.of(scenario));
    });

    it('settles within its deadline plus a second', () => {
      expectSettled(cells.of(scenario));
    });

    it('peaks under 400 MB', () => {
      expectBoundedPeak(cells.of(scenario));
    });

    it(seen?.rule ?? 'has its rule in the table of its surface', () => {
      expect(seen, `${scenario.attack} has no row in ${surface}'s table`).toBeDefined();
      seen?.check(cells.of(scenario));
    });

    if (scenario.attack.startsWith('redirect-')) {
      it('sends nothing to the other origin: no key, no Idempotency-Key, no body', () => {
        expectNothingAtTheOtherOrigin(cells.of(scenario));
      });
    }

    if (NEVER_RETRIED.test(scenario.attack)) {
      it('is never retried', () => {
        expectOneRequest(cells.of(scenario));
      });
    }
  });
});
