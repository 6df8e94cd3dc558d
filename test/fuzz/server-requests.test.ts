/**
 * Issue point 4b: random requests to the reference server (any method, path, query, headers;
 * malformed, huge, deeply nested or non-UTF-8 bodies; `__proto__` and `constructor` keys) always
 * get a well-formed envelope with a 2xx or 4xx, never a 5xx, a rejection or a pollution; the
 * store's invariants hold afterwards. Requests go to `engine.handle` directly.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/operations/index.js';
import { createReferenceEngine, type Engine, type EngineRequest } from '../../src/server/internal.js';
import { checkProperty, runsFor, timeoutFor } from '../support/property-runs.js';
import { NO_LIMITS } from '../support/recording-client.js';
import { POLLUTION_MARKER, SEED_UIDS } from './arbitraries.js';
import { prototypeChanges, snapshotPrototypes, storeProblems } from './invariants.js';
import {
  anyRequest,
  describeRequest,
  hostileBodyRequest,
  operationRequest,
  responseProblems,
} from './requests.js';

const RUNS = runsFor(1_000);
/** Long runs start over with a fresh engine now and then (after checking it), so state stays small. */
const FRESH_ENGINE_EVERY = 5_000;

interface Target {
  engine: Engine;
  /** The seed's customers and every one created through the API. */
  uids: string[];
}

function newTarget(): Target {
  return { engine: createReferenceEngine({ limits: NO_LIMITS }), uids: [...SEED_UIDS] };
}

/** Sends one request and checks its answer; remembers customers it created. */
async function exercise(target: Target, request: EngineRequest): Promise<void> {
  let response: Awaited<ReturnType<Engine['handle']>>;
  try {
    response = await target.engine.handle(request);
  } catch (error) {
    throw new Error(`handle() rejected (${String(error)}) for ${describeRequest(request)}`);
  }
  const problems = responseProblems(response);
  if (problems.length > 0) {
    throw new Error(
      `${problems.join('; ')}\nrequest: ${describeRequest(request)}\nanswer: ${response.status} ${response.body.slice(0, 300)}`,
    );
  }
  const json = response.headers['content-type']?.startsWith('application/json');
  if (
    json &&
    response.status === 200 &&
    request.path === `${API_PREFIX}/clientes` &&
    request.method === 'POST'
  ) {
    target.uids.push((JSON.parse(response.body) as { data: { uid: string } }).data.uid);
  }
  const probe: Record<string, unknown> = {};
  if (probe[POLLUTION_MARKER] !== undefined)
    throw new Error(`Object.prototype polluted by ${describeRequest(request)}`);
}

/** One target per property, replaced by a fresh one every FRESH_ENGINE_EVERY requests once it checks out. */
function rotating(): { current: () => Target; exercise: (request: EngineRequest) => Promise<void> } {
  let target = newTarget();
  let handled = 0;
  return {
    current: () => target,
    async exercise(request) {
      handled += 1;
      if (handled % FRESH_ENGINE_EVERY === 0) {
        const problems = await storeProblems(target.engine, target.uids);
        if (problems.length > 0) throw new Error(`after ${handled} requests: ${problems.join('\n')}`);
        target = newTarget();
      }
      await exercise(target, request);
    },
  };
}

async function expectInvariants(target: Target, prototypesBefore: ReturnType<typeof snapshotPrototypes>) {
  expect(prototypeChanges(prototypesBefore)).toEqual([]);
  expect(await storeProblems(target.engine, target.uids)).toEqual([]);
}

describe('reference server under random requests (fast-check, engine.handle)', () => {
  it(
    'requests aimed at every operation (hostile parameters, queries, headers and bodies) get a 2xx or 4xx envelope',
    async () => {
      const before = snapshotPrototypes();
      const target = rotating();
      await checkProperty(
        'server operation requests',
        fc.asyncProperty(operationRequest, (request) => target.exercise(request)),
        RUNS,
      );
      await expectInvariants(target.current(), before);
    },
    timeoutFor(RUNS, 3),
  );

  it(
    'deep, huge, malformed, non-UTF-8 and prototype-keyed bodies sent to every operation with a body',
    async () => {
      const before = snapshotPrototypes();
      const target = rotating();
      await checkProperty(
        'server hostile bodies',
        fc.asyncProperty(hostileBodyRequest, (request) => target.exercise(request)),
        RUNS,
      );
      await expectInvariants(target.current(), before);
    },
    timeoutFor(RUNS, 5),
  );

  it(
    'any request at all (admin routes, unknown paths, any method) gets a 2xx or 4xx envelope',
    async () => {
      const before = snapshotPrototypes();
      const target = rotating();
      await checkProperty(
        'server any requests',
        fc.asyncProperty(anyRequest, (request) => target.exercise(request)),
        RUNS,
      );
      await expectInvariants(target.current(), before);
    },
    timeoutFor(RUNS, 3),
  );

  it(
    'sequences of requests against one engine keep every balance equal to its history',
    async () => {
      const before = snapshotPrototypes();
      await checkProperty(
        'server request sequences',
        fc.asyncProperty(fc.array(operationRequest, { minLength: 1, maxLength: 20 }), async (requests) => {
          const target = newTarget();
          for (const request of requests) await exercise(target, request);
          const problems = await storeProblems(target.engine, target.uids);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        }),
        Math.max(1, Math.round(RUNS / 10)),
      );
      expect(prototypeChanges(before)).toEqual([]);
    },
    timeoutFor(RUNS, 20),
  );
});
