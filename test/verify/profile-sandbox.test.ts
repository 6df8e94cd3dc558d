/**
 * The round trip of the two differences only sandbox mode sees: a 429 without Retry-After (the
 * burst) and a replayed creation not marked Idempotent-Replayed. Verify the twin in sandbox mode
 * and write its profile; with that profile, the twin agrees and a plain reference engine differs
 * at the same operations and locations.
 */
import { describe, expect, it } from 'vitest';
import { verifyService } from '../../src/verify/index.js';
import { createDivergentTwin, type DivergentTwin } from './divergent-twin.js';
import { ALL_PLANTS } from './planted.js';

const plants = ALL_PLANTS.filter((plant) => plant.needs === 'sandbox');
const where = (item: { operationId: string | null; location: string }) =>
  `${item.operationId ?? '(service)'} ${item.location}`;

const sandboxRun = (target: DivergentTwin, profile?: Awaited<ReturnType<typeof verifyService>>['profile']) =>
  verifyService({
    baseUrl: 'http://twin.invalid',
    apiKey: target.apiKey,
    mode: 'sandbox',
    samples: target.samples,
    maxRequestsPerSecond: 50,
    dispatcher: target.dispatcher,
    ...(profile ? { profile } : {}),
  });

describe('the round trip of a profile, in sandbox mode', () => {
  it('a 429 without Retry-After and an unmarked replay: calibrated, agreed with, found again', async () => {
    expect(plants.map((plant) => plant.id).sort()).toEqual(['no-retry-after', 'replay-unmarked']);
    const first = await sandboxRun(createDivergentTwin(plants));
    expect(first.findings.map(where).sort()).toEqual(plants.map(where).sort());
    const { profile } = first;
    expect(profile.calibrations).toEqual(
      expect.arrayContaining([
        { kind: 'header', operationId: null, header: 'Retry-After', present: false, source: 'probe' },
        {
          kind: 'header',
          operationId: 'clientes.create',
          header: 'Idempotent-Replayed',
          present: false,
          source: 'probe',
        },
      ]),
    );
    const again = await sandboxRun(createDivergentTwin(plants), profile);
    expect(again.findings.map(where)).toEqual([]);
    expect(again.verdict).toBe('agrees');
    const plain = await sandboxRun(createDivergentTwin([]), profile);
    expect(plain.findings.map(where).sort()).toEqual(plants.map(where).sort());
    expect(plain.verdict).toBe('differs');
  }, 60_000);
});
