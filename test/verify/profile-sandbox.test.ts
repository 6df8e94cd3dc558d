/**
 * The round trip of the differences only sandbox mode sees: a stricter rate limit and a 429
 * without Retry-After (the burst), a replayed creation not marked Idempotent-Replayed, keys sent
 * again and carried out, and the refusals of writes safe mode cannot aim at nothing. Verify
 * the twin in sandbox mode and write its profile; with that profile, the twin and a reference
 * engine following the profile agree, and a plain reference engine differs at the same
 * operations and locations.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/operations/limits.js';
import type { ServiceProfile } from '../../src/verify/index.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { createDivergentTwin, type DivergentTwin } from './divergent-twin.js';
import { ALL_PLANTS, TWIN_RATE_LIMIT } from './planted.js';

/** The burst's plants and the unmarked replay. */
const plants = ALL_PLANTS.filter((plant) =>
  ['no-retry-after', 'rate-limit-stricter', 'replay-unmarked'].includes(plant.id),
);
/** Refusals of writes safe mode cannot aim at nothing (a task's; a promotion's without its cupones read). */
const refusals = ALL_PLANTS.filter((plant) =>
  ['codigo-1001', 'details-keyed', 'comando-looser'].includes(plant.id),
);
/** A key sent again, carried out where our engine replays or refuses it. */
const repeats = ALL_PLANTS.filter((plant) =>
  ['replay-carried-out', 'other-body-carried-out', 'key-per-operation'].includes(plant.id),
);
const where = (item: { operationId: string | null; location: string }) =>
  `${item.operationId ?? '(service)'} ${item.location}`;

/**
 * The runs and the twins share a virtual clock: the pace, the quiet window before each burst and
 * the twins' rate-limit windows cost no real time.
 */
const clock = createVirtualClock();
/** A divergent twin on the runs' clock. */
const twinOnClock = (
  plants: Parameters<typeof createDivergentTwin>[0],
  options?: { profile: ServiceProfile },
) => createDivergentTwin(plants, { ...options, now: clock.now });

const sandboxRun = (target: DivergentTwin, profile?: ServiceProfile) =>
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

describe('the round trip of a profile, in sandbox mode', () => {
  it('a stricter rate limit, a 429 without Retry-After and an unmarked replay: calibrated, agreed with, found again', async () => {
    const first = await sandboxRun(twinOnClock(plants));
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
        // No Retry-After to calibrate: the 429 had none.
        {
          kind: 'rate-limit',
          operationId: null,
          requests: TWIN_RATE_LIMIT.requests,
          retryAfter: null,
          source: 'probe',
        },
      ]),
    );
    const again = await sandboxRun(twinOnClock(plants), profile);
    expect(again.findings.map(where)).toEqual([]);
    expect(again.verdict).toBe('agrees');
    // A reference engine following the profile (as loyalty serve --profile runs it).
    const following = await sandboxRun(twinOnClock([], { profile }), profile);
    expect(following.findings.map(where)).toEqual([]);
    expect(following.verdict).toBe('agrees');
    const plain = await sandboxRun(twinOnClock([]), profile);
    expect(plain.findings.map(where).sort()).toEqual(plants.map(where).sort());
    expect(plain.verdict).toBe('differs');
  }, 60_000);

  it('keys sent again and carried out (a replay, another body, another operation): calibrated, agreed with, found again', async () => {
    // With the replay carried out, it is not marked either: the twin of such a service drops the mark too.
    const twinPlants = [...repeats, ...ALL_PLANTS.filter((plant) => plant.id === 'replay-unmarked')];
    expect(
      ALL_PLANTS.filter((plant) => plant.needs === 'sandbox')
        .map((plant) => plant.id)
        .sort(),
    ).toEqual([...plants, ...repeats, ...refusals].map((plant) => plant.id).sort());
    const first = await sandboxRun(twinOnClock(twinPlants));
    expect(first.findings.map(where).sort()).toEqual(twinPlants.map(where).sort());
    const { profile } = first;
    expect(profile.calibrations).toEqual(
      expect.arrayContaining([
        {
          kind: 'idempotency',
          operationId: 'clientes.create',
          repeat: 'replay',
          status: 200,
          answer: 'another',
          source: 'probe',
        },
        {
          kind: 'idempotency',
          operationId: 'clientes.puntos.add',
          repeat: 'other-body',
          status: 200,
          codigoRespuesta: 0,
          source: 'probe',
        },
        {
          kind: 'idempotency',
          operationId: 'clientes.puntos.add',
          repeat: 'other-operation',
          status: 200,
          codigoRespuesta: 0,
          source: 'probe',
        },
      ]),
    );
    const again = await sandboxRun(twinOnClock(twinPlants), profile);
    expect(again.findings.map(where)).toEqual([]);
    // A reference engine following the profile carries the repeats out too: its answers are the expectation's.
    const following = await sandboxRun(twinOnClock([], { profile }), profile);
    expect(following.findings.map(where)).toEqual([]);
    expect(following.created.filter((made) => made.kind === 'customer')).toHaveLength(2);
    const plain = await sandboxRun(twinOnClock([]), profile);
    expect(plain.findings.map(where).sort()).toEqual(twinPlants.map(where).sort());
    expect(plain.verdict).toBe('differs');
  }, 90_000);

  it('refusals of a task and a promotion (another code, keyed details, a looser limit): calibrated, agreed with, found again', async () => {
    const first = await sandboxRun(twinOnClock(refusals));
    expect(first.findings.map(where).sort()).toEqual(refusals.map(where).sort());
    const { profile } = first;
    const entry = (path: string) => profile.entries.find((one) => one.path === path);
    expect(entry('refusals.tareas.setStatus.400')?.value).toEqual({ codigoRespuesta: 1001, details: 'list' });
    expect(entry('refusals.promociones.setStatus.400')?.value).toMatchObject({ details: 'keyed' });
    // A looser limit, measured: the largest value the twin took, from a probe (its document says ours).
    expect(profile.calibrations).toContainEqual({
      kind: 'limit',
      operationId: 'promociones.setStatus',
      parameter: 'request.body.comando',
      rules: { maxLength: LIMITS.comandoMaxLength * 2 },
      source: 'probe',
    });
    const again = await sandboxRun(twinOnClock(refusals), profile);
    expect(again.findings.map(where)).toEqual([]);
    expect(again.verdict).toBe('agrees');
    const following = await sandboxRun(twinOnClock([], { profile }), profile);
    expect(following.findings.map(where)).toEqual([]);
    const plain = await sandboxRun(twinOnClock([]), profile);
    expect(plain.findings.map(where).sort()).toEqual(refusals.map(where).sort());
    expect(plain.verdict).toBe('differs');
  }, 90_000);

  it('the rate limit and the Retry-After value: calibrated, followed by a reference engine, found again', async () => {
    const stricter = plants.filter((plant) => plant.id === 'rate-limit-stricter');
    const first = await sandboxRun(twinOnClock(stricter));
    // The other wait is worth knowing (info), as is the other count.
    expect(first.findings.map(where).sort()).toEqual([
      '(service) rateLimit.requests',
      '(service) rateLimit.retryAfter',
    ]);
    expect(first.profile.calibrations).toEqual([
      {
        kind: 'rate-limit',
        operationId: null,
        requests: TWIN_RATE_LIMIT.requests,
        retryAfter: TWIN_RATE_LIMIT.retryAfter,
        source: 'probe',
      },
    ]);
    const { profile } = first;
    for (const target of [twinOnClock(stricter), twinOnClock([], { profile })]) {
      const result = await sandboxRun(target, profile);
      expect(result.findings.map(where)).toEqual([]);
      expect(result.profile.entries.find((entry) => entry.path === 'rateLimit.retryAfter')?.value).toEqual({
        present: true,
        value: String(TWIN_RATE_LIMIT.retryAfter),
      });
    }
    const plain = await sandboxRun(twinOnClock([]), profile);
    expect(plain.findings.map(where).sort()).toEqual([
      '(service) rateLimit.requests',
      '(service) rateLimit.retryAfter',
    ]);
  }, 60_000);
});
