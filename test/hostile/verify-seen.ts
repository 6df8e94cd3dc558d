/** verify's cells of issue 34's table: the hostile answer is its discovery's (GET openapi.json). */
import { expect } from 'vitest';
import { EXIT } from '../../src/cli/shared/exit-codes.js';
import type { Measurement } from './measure.js';
import { CAP, linesOf, type Seen, type SeenBy } from './seen.js';

/** The summary verify ends with on stderr. */
function summaryOf(measurement: Measurement): string {
  const line = linesOf(measurement.stderr.head).at(-1) ?? '';
  expect(line).toMatch(/^loyalty verify: /);
  return line;
}

const unverified = (rule: string, says?: RegExp): Seen => ({
  rule,
  check(measurement) {
    expect(measurement.exitCode).toBe(EXIT.unverified);
    const line = summaryOf(measurement);
    expect(line).toMatch(/^loyalty verify: unverified/);
    if (says) expect(line).toMatch(says);
  },
});

export const VERIFY_SEEN: SeenBy = {
  'redirect-307': unverified('is unverified: exit 8, one summary line'),
  endless: unverified('is unverified, its summary naming the cap it read with', new RegExp(String(CAP))),
  echo: {
    rule: 'writes its reports and summary line, the key masked in each',
    check(measurement) {
      expect([0, 1]).toContain(measurement.exitCode);
      summaryOf(measurement);
      expect(measurement.files).not.toBe('');
    },
  },
  'deep-json': {
    rule: 'reports the answer as not the envelope (unverified), never "Maximum call stack size exceeded"',
    check(measurement) {
      expect(`${measurement.stdout.head}${measurement.stderr.head}`).not.toMatch(/Maximum call stack/i);
      unverified('').check(measurement);
    },
  },
  hang: {
    rule: 'is unverified with one clear line naming --timeout-ms, exit 7',
    check(measurement) {
      expect(measurement.exitCode).toBe(7);
      const line = summaryOf(measurement);
      expect(line).toMatch(/^loyalty verify: unverified/);
      expect(line).toContain('--timeout-ms');
    },
  },
};
