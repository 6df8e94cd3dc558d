/** The line after a bulk run that met 429s: how many, in words that agree with the count. */
import { describe, expect, it } from 'vitest';
import { RowCounts, tooManyRequestsAdvice } from '../../src/cli/bulk/bulk-counts.js';

const countsWith = (tooManyRequests: number) => {
  const counts = new RowCounts(10, 0);
  counts.tooManyRequests = tooManyRequests;
  return counts;
};

describe('the advice after 429s', () => {
  it('one 429 is said as 1 time', () => {
    expect(tooManyRequestsAdvice(countsWith(1), 40)).toContain(
      'answered 429 (too many requests) 1 time, each',
    );
  });

  it('several are said as N times', () => {
    expect(tooManyRequestsAdvice(countsWith(3), 40)).toContain(
      'answered 429 (too many requests) 3 times, each',
    );
  });
});
