/**
 * verify against a mock server we did not write, made from our own document: the mock started
 * once for its test file (and stopped, its folder removed, when the file ends), a run in each mode
 * on a virtual clock (the pace and the quiet window before the burst cost no real time), and its
 * findings held to the rows listed and judged true for that mode.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyMode, VerifyResult } from '../../src/verify/index.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { mockDocument, writeDocument } from '../support/mock-document.js';
import type { RunningMock } from '../support/mock-process.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { lines, linesOf, type Row } from './prism-expected.js';
import { PRISM_KEY, PRISM_SAMPLES } from './prism-runs.js';

export function verifyMock(baseUrl: string, mode: VerifyMode): Promise<VerifyResult> {
  return verifyServiceWithClock(
    { baseUrl, apiKey: PRISM_KEY, samples: PRISM_SAMPLES, maxRequestsPerSecond: 1_000, mode },
    createVirtualClock(),
  );
}

/**
 * Registers, in the calling test file, the mock's start and stop and a run in each mode held to
 * `expected` (its findings) and `writes` (`METHOD path` of each write it carried out that verify
 * sent expecting a refusal).
 */
export function describeMockRuns(
  name: string,
  start: (file: string) => Promise<RunningMock>,
  expected: Record<VerifyMode, Row[]>,
  writes: Record<VerifyMode, string[]>,
): void {
  let file: string | undefined;
  let mock: RunningMock | undefined;

  beforeAll(async () => {
    file = writeDocument(mockDocument());
    mock = await start(file);
  }, 60_000);

  afterAll(async () => {
    await mock?.close();
    if (file) rmSync(dirname(file), { recursive: true, force: true });
  });

  const runs = new Map<VerifyMode, Promise<VerifyResult>>();
  const result = (mode: VerifyMode) => {
    let run = runs.get(mode);
    if (!run) {
      run = verifyMock(mock?.baseUrl as string, mode);
      runs.set(mode, run);
    }
    return run;
  };

  describe.each(['safe', 'sandbox'] as const)(`verify against ${name} (%s mode)`, (mode) => {
    it('finds exactly the differences listed and judged true', async () => {
      const { findings, verdict } = await result(mode);
      expect(linesOf(findings)).toEqual(lines(expected[mode]));
      expect(verdict).toBe('differs');
    });

    it('names each write the mock carried out that it had to refuse', async () => {
      const { writesAccepted } = await result(mode);
      expect(writesAccepted.map(({ method, path }) => `${method} ${path}`)).toEqual(writes[mode]);
    });
  });

  it("in safe mode the mock carries out no write: it answers 2xx only reads and the sample's dry runs", async () => {
    const { requests } = await result('safe');
    const carriedOut = requests.filter(
      ({ method, status }) => method !== 'GET' && status !== null && status >= 200 && status < 300,
    );
    expect(carriedOut.map(({ purpose }) => purpose)).toEqual(carriedOut.map(() => 'dry-run'));
  });
}
