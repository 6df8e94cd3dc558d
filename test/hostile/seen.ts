/** What a user of one surface sees of one attack: the rule, which names its test, and its check. */
import { expect } from 'vitest';
import type { Attack } from './hostile-server.js';
import type { Measurement } from './measure.js';

export interface Seen {
  rule: string;
  check(measurement: Measurement): void;
}

export type SeenBy = Partial<Record<Attack, Seen>>;

/** The cap every surface reads with unless told otherwise: 32 MiB (docs/errors-and-retries.md, "Services you do not trust"). */
export const CAP = 32 * 2 ** 20;

/** The lines of a text that are not blank. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The one line a command printed on stderr. */
export function oneLine(measurement: Measurement): string {
  const lines = linesOf(measurement.stderr.head);
  expect(lines, 'the lines on stderr').toHaveLength(1);
  return lines[0] ?? '';
}

/** Where the hostile service redirected to. */
export const otherOrigin = (measurement: Measurement): string =>
  measurement.other?.origin ?? 'the other origin';

/** The query the redirect carried, which nobody may repeat. */
export const REDIRECT_QUERY_MARK = 'hostile-query-marker';
