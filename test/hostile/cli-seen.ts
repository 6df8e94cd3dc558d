/** The CLI's cells of issue 34's table: the exit status and the one line `loyalty <command>` prints. */
import { expect } from 'vitest';
import type { Measurement } from './measure.js';
import { CAP, linesOf, oneLine, otherOrigin, REDIRECT_QUERY_MARK, type Seen, type SeenBy } from './seen.js';

const tooLarge: Seen = {
  rule: 'exits 1 with one line naming maxResponseBytes and its bytes, and prints no data',
  check(measurement) {
    expect(measurement.exitCode).toBe(1);
    const line = oneLine(measurement);
    expect(line).toMatch(/max-?response-?bytes/i);
    expect(line).toContain(String(CAP));
    expect(measurement.stdout.bytes).toBe(0);
  },
};

const timedOut: Seen = {
  rule: 'exits 7 (no answer) with one line saying it timed out after its --timeout-ms',
  check(measurement) {
    expect(measurement.exitCode).toBe(7);
    expect(oneLine(measurement)).toContain(`timed out after ${measurement.scenario.timeoutMs} ms`);
  },
};

/** Never a stack overflow, and a failure is one sentence. */
function printsWhatItCan(measurement: Measurement): void {
  expect(`${measurement.stdout.head}${measurement.stderr.head}`).not.toMatch(/Maximum call stack/i);
  expect([0, 1]).toContain(measurement.exitCode);
  if (measurement.exitCode !== 0) expect(oneLine(measurement)).toMatch(/^loyalty: /);
}

export const CLI_SEEN: SeenBy = {
  'redirect-307': {
    rule: "exits 1 with one line naming the target's origin, never its query, and the base URL to set",
    check(measurement) {
      expect(measurement.exitCode).toBe(1);
      const line = oneLine(measurement);
      expect(line).toContain(otherOrigin(measurement));
      expect(line).toMatch(/base-?url/i);
      expect(line).not.toContain(REDIRECT_QUERY_MARK);
    },
  },
  '600mb': tooLarge,
  '200mb': tooLarge,
  endless: tooLarge,
  echo: {
    rule: 'exits 0 and prints the answer with the key masked (stdout and the --verbose log)',
    check(measurement) {
      expect(measurement.exitCode).toBe(0);
      expect(measurement.stdout.head).toContain('****');
    },
  },
  'nul-json': {
    rule: 'exits 1 with one line: the answer is not the envelope',
    check(measurement) {
      expect(measurement.exitCode).toBe(1);
      expect(oneLine(measurement)).toMatch(/^loyalty: /);
    },
  },
  'deep-json': {
    rule: 'prints what it can or one sentence, never "Maximum call stack size exceeded"',
    check: printsWhatItCan,
  },
  'huge-numbers': {
    rule: 'exits 0 and prints the record as JSON',
    check(measurement) {
      expect(measurement.exitCode).toBe(0);
      expect(JSON.parse(measurement.stdout.head)).toMatchObject({ uid: 'cli_0001' });
      expect(linesOf(measurement.stderr.head)).toEqual([]);
    },
  },
  hang: timedOut,
  drip: timedOut,
};
