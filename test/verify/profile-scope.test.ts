/**
 * The round trip of what a key without a scope meets: a 403 that names another scope than ours.
 * Verify a twin whose key lacks one scope and write its profile; with that profile, the twin and
 * a reference engine following it agree, and a plain reference engine differs at the same place.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceProfile } from '../../src/verify/index.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { createDivergentTwin, type DivergentTwin } from './divergent-twin.js';
import { ALL_PLANTS, SCOPE_NAMED, SCOPED_KEY_SCOPES } from './planted.js';

const plants = ALL_PLANTS.filter((plant) => plant.needs === 'scoped-key');
const where = (item: { operationId: string | null; location: string }) =>
  `${item.operationId ?? '(service)'} ${item.location}`;

/** The runs and the twins share a virtual clock: the pace costs no real time. */
const clock = createVirtualClock();

/** Sandbox mode: the scope is met on a write to a group, which safe mode does not send (no GET names a group alone). */
const run = (target: DivergentTwin, profile?: ServiceProfile) =>
  verifyServiceWithClock(
    {
      baseUrl: 'http://twin.invalid',
      apiKey: target.apiKey,
      mode: 'sandbox',
      samples: target.samples,
      maxRequestsPerSecond: 50,
      dispatcher: target.dispatcher,
      ...(profile ? { profile } : {}),
    },
    clock,
  );

describe('the round trip of a profile, for a key without a scope', () => {
  it('a 403 naming another scope: calibrated, agreed with, found again', async () => {
    expect(plants.map((plant) => plant.id)).toEqual(['forbidden-names-other-scope']);
    const scoped = { scopes: SCOPED_KEY_SCOPES, now: clock.now };
    const first = await run(createDivergentTwin(plants, scoped));
    expect(first.findings.map(where)).toEqual(plants.map(where));
    const { profile } = first;
    expect(profile.calibrations).toEqual([
      { kind: 'scope', operationId: 'grupos.nombre.set', scope: SCOPE_NAMED, source: 'probe' },
    ]);
    const again = await run(createDivergentTwin(plants, scoped), profile);
    expect(again.findings.map(where)).toEqual([]);
    expect(again.verdict).toBe('agrees');
    const following = await run(createDivergentTwin([], { ...scoped, profile }), profile);
    expect(following.findings.map(where)).toEqual([]);
    expect(following.verdict).toBe('agrees');
    const plain = await run(createDivergentTwin([], scoped), profile);
    expect(plain.findings.map(where)).toEqual(plants.map(where));
    expect(plain.verdict).toBe('differs');
  }, 60_000);
});
