import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_APP_ID,
  ADMIN_KEY,
  ERROR_CODES,
  expectEnvelopeError,
  type Fixtures,
  type Harness,
  type KeyConfig,
  type OperationId,
  operations,
  type Reply,
  SAMPLES,
  serverClock,
  startServer,
} from '../support/conformance-harness.js';

const OTHER_KEY = 'conformance-limits-other-key-6e5d4c3b2a19';
const keys: KeyConfig[] = [
  { key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' },
  { key: OTHER_KEY, appId: 9, scopes: '*' },
];

function expectRetryAfter(reply: Reply, maxSeconds: number): void {
  expectEnvelopeError(reply, 429, ERROR_CODES.rateLimited);
  const value = reply.header('retry-after');
  expect(value, 'Retry-After header').toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThanOrEqual(1);
  expect(Number(value)).toBeLessThanOrEqual(maxSeconds);
}

/** Sends `count` requests one after the other; with a fixed window, more than twice the limit in a burst must meet a 429. */
async function burst(s: Harness, count: number, key = ADMIN_KEY): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < count; i += 1) replies.push(await s.op('tareas.list', { key }));
  return replies;
}

describe('rate limit (limit 3 per 300 ms window)', () => {
  let s: Harness;
  const LIMIT = 3;
  const WINDOW = 300;
  const clock = serverClock();
  /** The window ends on the server's clock; nothing waits for real. */
  const nextWindow = () => clock.sleep(WINDOW + 50);

  beforeAll(async () => {
    s = await startServer({
      keys,
      limits: { rateLimit: { limit: LIMIT, windowMs: WINDOW } },
      now: clock.now,
    });
  });
  afterAll(() => s.stop());

  it('requests over the limit get 429 with code 9429 and Retry-After in whole seconds', async () => {
    const replies = await burst(s, 2 * LIMIT + 1);
    const limited = replies.filter((reply) => reply.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(replies.filter((reply) => reply.status === 200).length).toBeLessThanOrEqual(2 * LIMIT);
    expectRetryAfter(limited[0] as Reply, Math.ceil(WINDOW / 1000));
  });

  it('the first requests of a fresh window are served', async () => {
    await nextWindow();
    const first = await s.op('tareas.list');
    expect(first.status, first.text).toBe(200);
  });

  it('the limit is per key: another key is served while one is limited', async () => {
    await nextWindow();
    const replies = await burst(s, 2 * LIMIT + 1);
    expect(replies.some((reply) => reply.status === 429)).toBe(true);
    const other = await s.op('tareas.list', { key: OTHER_KEY });
    expect(other.status, other.text).toBe(200);
  });

  it('a write refused with 429 has no effect', async () => {
    await nextWindow();
    const { uid } = await s.newCliente();
    await nextWindow();
    let limited = false;
    let served = 0;
    for (let i = 0; i < 2 * LIMIT + 1; i += 1) {
      const reply = await s.op('clientes.puntos.add', { params: { uid }, body: { puntos: 1 } });
      if (reply.status === 429) limited = true;
      else {
        expect(reply.status, reply.text).toBe(200);
        served += 1;
      }
    }
    expect(limited).toBe(true);
    await nextWindow();
    expect(await s.balance(uid)).toBe(served);
  });
});

describe('the rate limit covers every operation (limit 1 per minute)', () => {
  let s: Harness;
  let fx: Fixtures;
  const LIMITED_KEY = 'conformance-limited-every-operation-key-3c5e7a9b';

  beforeAll(async () => {
    s = await startServer({
      keys: [...keys, { key: LIMITED_KEY, appId: 11, scopes: '*' }],
      limits: { rateLimit: { limit: 1, windowMs: 60_000 } },
    });
    fx = {
      uid: (await s.newCliente({}, OTHER_KEY)).uid,
      grupoId: 0,
      tareaId: 1,
      regaloId: 1,
    };
    fx.grupoId = await s.createGroup([fx.uid]);
    expect((await s.op('tareas.list', { key: LIMITED_KEY })).status).toBe(200);
  });
  afterAll(() => s.stop());

  it.each(operations.map((operation) => [operation.id] as [OperationId]))(
    '%s answers 429 with Retry-After once the key is over its limit',
    async (id) => {
      const reply = await s.op(id, { ...SAMPLES[id](fx), key: LIMITED_KEY });
      expectRetryAfter(reply, 60);
    },
  );
});

describe('group actions per key per minute (groupActionsPerMinute 2)', () => {
  let s: Harness;
  const PER_MINUTE = 2;

  beforeAll(async () => {
    s = await startServer({
      keys,
      limits: { groupActionsPerMinute: PER_MINUTE, rateLimit: { limit: 100_000, windowMs: 1_000 } },
    });
  });
  afterAll(() => s.stop());

  it('group actions over the cap get 429 with Retry-After, and the refused ones change nothing', async () => {
    const { uid } = await s.newCliente();
    const grupoId = await s.createGroup([uid]);
    const replies: Reply[] = [];
    for (let i = 0; i < 2 * PER_MINUTE + 1; i += 1) {
      replies.push(await s.op('grupos.puntos.add', { params: { grupoId }, body: { puntos: 10 } }));
    }
    const limited = replies.filter((reply) => reply.status === 429);
    const served = replies.filter((reply) => reply.status === 200);
    expect(limited.length).toBeGreaterThan(0);
    expect(served.length + limited.length).toBe(replies.length);
    expectRetryAfter(limited[0] as Reply, 60);
    expect(await s.balance(uid)).toBe(10 * served.length);
  });

  it('tag actions count toward the same cap', async () => {
    const { uid } = await s.newCliente();
    const grupoId = await s.createGroup([uid]);
    const replies: Reply[] = [];
    for (let i = 0; i < 2 * PER_MINUTE + 1; i += 1) {
      replies.push(await s.op('grupos.etiquetas.add', { params: { grupoId }, body: { etiqueta: `t${i}` } }));
    }
    expect(replies.some((reply) => reply.status === 429)).toBe(true);
  });

  it('the cap is per key: another key may still act', async () => {
    const { uid } = await s.newCliente();
    const grupoId = await s.createGroup([uid]);
    const reply = await s.op('grupos.puntos.add', {
      params: { grupoId },
      body: { puntos: 1 },
      key: OTHER_KEY,
    });
    expect(reply.status, reply.text).toBe(200);
  });

  it('other operations of a capped key are still served', async () => {
    const reply = await s.op('tareas.list');
    expect(reply.status, reply.text).toBe(200);
  });
});

describe('default limits (docs/decisions.md)', () => {
  let s: Harness;

  beforeAll(async () => {
    // A clock that stays where it is: the burst falls in one window, however long it takes.
    s = await startServer({ keys, now: serverClock().now });
  });
  afterAll(() => s.stop());

  it('the default rate limit (100 per second per key) answers 429 within a burst of 201 requests', async () => {
    const replies = await Promise.all(Array.from({ length: 201 }, () => s.op('tareas.list')));
    expect(replies.some((reply) => reply.status === 429)).toBe(true);
    expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThanOrEqual(100);
  });

  it('the default group cap (10 per minute per key) answers 429 within 21 group actions', async () => {
    const { uid } = await s.newCliente({}, OTHER_KEY);
    const grupoId = await s.createGroup([uid]);
    const replies: Reply[] = [];
    for (let i = 0; i < 21; i += 1) {
      replies.push(
        await s.op('grupos.puntos.add', { params: { grupoId }, body: { puntos: 1 }, key: OTHER_KEY }),
      );
    }
    expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThanOrEqual(10);
    expect(replies.some((reply) => reply.status === 429)).toBe(true);
  });
});
