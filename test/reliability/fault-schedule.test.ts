/**
 * The fault schedule at the engine (no sockets): seeded and replayable, rates as asked, storms in
 * bursts, only /ext/v3 operations touched, options checked, and the `loyalty serve` flags.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from '../../src/cli/serve/args.js';
import { describeFaults } from '../../src/cli/serve/fault-flags.js';
import { USAGE } from '../../src/cli/serve/usage.js';
import { mulberry32 } from '../../src/server/faults/prng.js';
import {
  createReferenceEngine,
  DEMO_API_KEY,
  type Engine,
  type EngineResponse,
  FAULT_HEADER,
  FAULT_KINDS,
  type FaultOptions,
} from '../../src/server/internal.js';
import { NO_LIMITS } from '../support/reliability-harness.js';

function engineWith(faults: FaultOptions): Engine {
  return createReferenceEngine({ limits: NO_LIMITS, faults });
}

function read(engine: Engine, path = '/ext/v3/clientes/cli_0001'): Promise<EngineResponse> {
  return engine.handle({ method: 'GET', path, query: '', headers: { apikey: DEMO_API_KEY } });
}

function addPoints(engine: Engine, uid: string, puntos: number): Promise<EngineResponse> {
  return engine.handle({
    method: 'POST',
    path: `/ext/v3/clientes/${uid}/puntos`,
    query: '',
    headers: {
      apikey: DEMO_API_KEY,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ puntos }),
  });
}

/** What the client would see of an answer: its fault (as the adapters realise it), or its status. */
function outcome(response: EngineResponse): string {
  if (response.fault?.action === 'drop') return `drop:${response.headers[FAULT_HEADER] ?? 'afterCommit'}`;
  if (response.fault?.action === 'stall') return `stall:${response.fault.afterBytes}`;
  return `${response.status}${response.fault ? `+${response.fault.delayMs}ms` : ''}`;
}

async function schedule(faults: FaultOptions, requests: number): Promise<string[]> {
  const engine = engineWith(faults);
  const outcomes: string[] = [];
  for (let index = 0; index < requests; index += 1) outcomes.push(outcome(await read(engine)));
  return outcomes;
}

const EVERY_KIND: FaultOptions = {
  seed: 42,
  latencyMs: [0, 20],
  rates: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0.05])),
};

describe('the fault schedule', () => {
  it('mulberry32 is deterministic and uniform enough', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, mulberry32(8))).not.toEqual(first);
    const random = mulberry32(1);
    const buckets = new Map<number, number>();
    for (let index = 0; index < 40_000; index += 1) {
      const bucket = Math.floor(random() * 4);
      buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    }
    expect([...buckets.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const count of buckets.values()) expect(count).toBeGreaterThan(9_500);
  });

  it('the same seed gives the same faults, latencies included; another seed does not', async () => {
    const first = await schedule(EVERY_KIND, 300);
    expect(await schedule(EVERY_KIND, 300)).toEqual(first);
    expect(await schedule({ ...EVERY_KIND, seed: 43 }, 300)).not.toEqual(first);
  });

  it('reset() restarts the schedule and its counters', async () => {
    const engine = engineWith(EVERY_KIND);
    const first: string[] = [];
    for (let index = 0; index < 100; index += 1) first.push(outcome(await read(engine)));
    engine.admin.reset();
    expect(engine.admin.faults()).toMatchObject({ seed: 42, requests: 0, delayed: 0 });
    const again: string[] = [];
    for (let index = 0; index < 100; index += 1) again.push(outcome(await read(engine)));
    expect(again).toEqual(first);
  });

  it('each rate is the share of requests that get its fault; a storm answers stormLength requests in a row', async () => {
    const engine = engineWith({ ...EVERY_KIND, stormLength: 4 });
    const kinds: (string | undefined)[] = [];
    for (let index = 0; index < 20_000; index += 1) {
      const response = await read(engine);
      kinds.push(response.headers[FAULT_HEADER] ?? response.fault?.action);
    }
    const report = engine.admin.faults();
    expect(report?.requests).toBe(20_000);
    for (const kind of FAULT_KINDS) {
      // 5% each; a storm's share is a little lower (storms do not start inside storms).
      expect(report?.injected[kind]).toBeGreaterThan(20_000 * 0.04);
      expect(report?.injected[kind]).toBeLessThan(20_000 * 0.06);
    }
    const runs: number[] = [];
    let run = 0;
    for (const kind of [...kinds, undefined]) {
      if (kind === 'rateLimitStorm') run += 1;
      else if (run > 0) {
        runs.push(run);
        run = 0;
      }
    }
    expect(runs.length).toBeGreaterThan(100);
    expect(runs.every((length) => length % 4 === 0)).toBe(true);
  });

  it('a dropped or stalled answer is marked for the adapter; the no-fault answer carries no fault field', async () => {
    const engine = engineWith({
      seed: 1,
      sequence: ['dropBeforeProcessing', 'dropAfterCommit', 'stallBody', 'none'],
      stallMs: 1_234,
    });
    const [before, after, stalled, normal] = [
      await addPoints(engine, 'cli_0001', 10),
      await addPoints(engine, 'cli_0001', 20),
      await addPoints(engine, 'cli_0001', 30),
      await addPoints(engine, 'cli_0001', 40),
    ];
    expect(before.fault).toEqual({ action: 'drop', delayMs: 0 });
    expect(after.fault).toEqual({ action: 'drop', delayMs: 0 });
    expect(after.status).toBe(200);
    expect(stalled.fault).toEqual({
      action: 'stall',
      delayMs: 0,
      afterBytes: Math.floor(Buffer.byteLength(stalled.body) / 2),
      stallMs: 1_234,
    });
    expect(normal).not.toHaveProperty('fault');
    // Dropped before processing: not applied. The others: applied.
    expect(engine.admin.audit().map((entry) => entry.puntos)).toEqual([20, 30, 40]);
  });

  it('without the option, answers carry no fault field and faults() is undefined', async () => {
    const engine = createReferenceEngine();
    const response = await read(engine);
    expect(response).not.toHaveProperty('fault');
    expect(engine.admin.faults()).toBeUndefined();
  });

  it('touches only /ext/v3 operations with a known route and key, never the admin routes', async () => {
    const engine = engineWith({ seed: 1, rates: { serverError: 1 } });
    expect((await read(engine, '/ext/v3/nope')).status).toBe(404);
    expect(
      (await engine.handle({ method: 'GET', path: '/ext/v3/tareas', query: '', headers: {} })).status,
    ).toBe(401);
    const audit = await engine.handle({ method: 'GET', path: '/__admin/audit', query: '', headers: {} });
    expect(audit.status).toBe(200);
    expect(engine.admin.faults()?.requests).toBe(0);
    expect((await read(engine)).status).toBe(500);
    const report = await engine.handle({ method: 'GET', path: '/__admin/faults', query: '', headers: {} });
    expect(JSON.parse(report.body).data).toEqual({
      seed: 1,
      requests: 1,
      injected: { ...Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])), serverError: 1 },
      delayed: 0,
    });
  });
});

describe('the faults option is checked at creation', () => {
  it.each([
    ['a missing seed', {}, /faults\.seed must be an integer from 0 to 4294967295/],
    ['a negative seed', { seed: -1 }, /faults\.seed/],
    ['a misspelt option', { seed: 1, rate: {} }, /Unknown option "faults\.rate"; did you mean "rates"\?/],
    [
      'an unknown kind',
      { seed: 1, rates: { timeout: 0.1 } },
      /Unknown option "faults\.rates\.timeout"\. Known: serverError, dropBeforeProcessing/,
    ],
    [
      'a rate over 1',
      { seed: 1, rates: { serverError: 1.5 } },
      /faults\.rates\.serverError must be a number from 0 to 1/,
    ],
    ['rates adding up over 1', { seed: 1, rates: { serverError: 0.6, stallBody: 0.6 } }, /add up to 1\.2/],
    ['a reversed latency range', { seed: 1, latencyMs: [50, 10] }, /faults\.latencyMs must be/],
    ['a negative latency', { seed: 1, latencyMs: -5 }, /faults\.latencyMs must be/],
    [
      'Retry-After 0',
      { seed: 1, retryAfterSeconds: 0 },
      /faults\.retryAfterSeconds must be an integer from 1/,
    ],
    ['a storm of 0 requests', { seed: 1, stormLength: 0 }, /faults\.stormLength/],
    ['stallMs 0', { seed: 1, stallMs: 0 }, /faults\.stallMs/],
    ['an unknown kind in sequence', { seed: 1, sequence: ['none', 'boom'] }, /faults\.sequence\[1\]/],
  ])('%s is a TypeError naming the option', (_name, faults, message) => {
    expect(() => createReferenceEngine({ faults: faults as FaultOptions })).toThrow(TypeError);
    expect(() => createReferenceEngine({ faults: faults as FaultOptions })).toThrow(message);
  });
});

describe('loyalty serve: fault flags', () => {
  const noFiles = (path: string): string => {
    throw new Error(`no such file: ${path}`);
  };
  const serve = (argv: string[], files = noFiles) => {
    const command = parseCommand(['serve', ...argv], files, () => 777);
    if (command.kind !== 'serve') throw new Error('expected serve');
    return command.options.faults;
  };

  it('--fault-rate spreads the rate over every kind; --fault-seed and --fault-latency set theirs', () => {
    expect(serve(['--fault-rate', '0.2', '--fault-seed', '42', '--fault-latency', '5-50'])).toEqual({
      seed: 42,
      latencyMs: [5, 50],
      rates: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0.04])),
    });
    expect(serve(['--fault-latency', '30'])).toEqual({ seed: 777, latencyMs: 30 });
  });

  it('without a seed, a random one is chosen and printed for replay', () => {
    const faults = serve(['--fault-rate', '0.1']);
    expect(faults?.seed).toBe(777);
    expect(describeFaults(faults).join('\n')).toMatch(/seed 777; replay with --fault-seed 777/);
  });

  it('--faults JSON gives the whole option; the single flags override it; the config file comes first', () => {
    const config = () => JSON.stringify({ faults: { seed: 1, stallMs: 900, rates: { serverError: 0.5 } } });
    expect(serve(['--config', 'c.json'], config)).toEqual({
      seed: 1,
      stallMs: 900,
      rates: { serverError: 0.5 },
    });
    expect(
      serve(
        [
          '--config',
          'c.json',
          '--faults',
          '{"rates":{"stallBody":0.3},"stormLength":2}',
          '--fault-seed',
          '9',
        ],
        config,
      ),
    ).toEqual({ seed: 9, stallMs: 900, stormLength: 2, rates: { stallBody: 0.3 } });
  });

  it('without fault flags, no faults option is added', () => {
    expect(parseCommand(['serve'], noFiles)).toEqual({
      kind: 'serve',
      port: 4010,
      host: undefined,
      options: {},
    });
  });

  it.each([
    [['--fault-rate', '1.5'], /--fault-rate must be a number from 0 to 1/],
    [['--fault-rate', 'lots'], /--fault-rate/],
    [['--fault-seed', '4294967296'], /--fault-seed must be an integer/],
    [['--fault-seed', '1.5'], /--fault-seed must be an integer/],
    [['--fault-latency', '50-10'], /--fault-latency must be MS or MIN-MAX/],
    [['--faults', '{nope'], /--faults is not valid JSON/],
    [['--faults', '[1]'], /--faults must be a JSON object/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => serve(argv)).toThrow(UsageError);
    expect(() => serve(argv)).toThrow(message);
  });

  it('the usage text documents the flags', () => {
    for (const flag of ['--fault-rate', '--fault-seed', '--fault-latency', '--faults'])
      expect(USAGE).toContain(flag);
  });
});
