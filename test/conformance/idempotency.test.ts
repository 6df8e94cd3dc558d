import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_APP_ID,
  ADMIN_KEY,
  ERROR_CODES,
  expectDetail,
  expectEnvelopeError,
  type Fixtures,
  type Harness,
  makeFixtures,
  newKey,
  type OperationId,
  operations,
  SAMPLES,
  serverClock,
  startServer,
  useServer,
} from '../support/conformance-harness.js';

const KEY_B = 'conformance-second-integrator-key-4a6c8e0b2d';
const KEY_NO_NOTIF = 'conformance-points-but-no-notifications-key-1f3e';

const h = useServer({
  keys: [
    { key: KEY_B, appId: 2, scopes: ['puntos:write', 'puntos:read', 'clientes:read'] },
    { key: KEY_NO_NOTIF, appId: 3, scopes: ['puntos:write', 'clientes:read'] },
  ],
});
let fx: Fixtures;

beforeAll(async () => {
  fx = await makeFixtures(h);
});

const fresh = async () => (await h.newCliente()).uid;
const addPuntos = (
  uid: string,
  puntos: number,
  idem: string,
  extra: { key?: string; motivo?: string } = {},
) =>
  h.op('clientes.puntos.add', {
    params: { uid },
    body: extra.motivo === undefined ? { puntos } : { puntos, motivo: extra.motivo },
    idem,
    key: extra.key,
  });
const auditWith = async (motivo: string) => (await h.audit()).filter((entry) => entry.motivo === motivo);

const writes = operations
  .filter((operation) => operation.idempotency !== 'none')
  .map((o) => [o.id] as [OperationId]);
const required = operations
  .filter((operation) => operation.idempotency === 'required')
  .map((o) => [o.id] as [OperationId]);
const optional = operations
  .filter((operation) => operation.idempotency === 'optional')
  .map((o) => [o.id] as [OperationId]);

describe('same key, same body: the original answer', () => {
  it.each(writes)(
    '%s: a repeat returns the identical answer, byte for byte (meta.requestId included)',
    async (id) => {
      const key = newKey();
      const sample = SAMPLES[id](fx);
      const first = await h.op(id, { ...sample, idem: key });
      const second = await h.op(id, { ...sample, idem: key });
      expect(first.status, first.text).toBe(200);
      expect(second.status).toBe(first.status);
      expect(second.text).toBe(first.text);
    },
  );

  it('a repeat has no second effect: the balance changes once, history and audit have one entry', async () => {
    const uid = await fresh();
    const key = newKey();
    const motivo = `replay-${key}`;
    const first = await addPuntos(uid, 40, key, { motivo });
    const second = await addPuntos(uid, 40, key, { motivo });
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(await h.balance(uid)).toBe(40);
    expect((await h.history(uid)).filter((movement) => movement.motivo === motivo)).toHaveLength(1);
    expect(await auditWith(motivo)).toHaveLength(1);
  });

  it('a repeated customer creation creates one customer', async () => {
    const key = newKey();
    const body = { usuarioData: { nombre: 'Una', email: `una.${key}@example.com` } };
    const first = await h.op<{ uid: string }>('clientes.create', { body, idem: key });
    const second = await h.op<{ uid: string }>('clientes.create', { body, idem: key });
    expect(first.status).toBe(200);
    expect(second.json.data.uid).toBe(first.json.data.uid);
    expect(second.text).toBe(first.text);
  });

  it('the same JSON value with its keys in another order is the same body (a replay)', async () => {
    const uid = await fresh();
    const key = newKey();
    const first = await h.call('POST', `/ext/v3/clientes/${encodeURIComponent(uid)}/puntos`, {
      rawBody: '{"puntos":15,"motivo":"orden"}',
      idem: key,
    });
    const second = await h.call('POST', `/ext/v3/clientes/${encodeURIComponent(uid)}/puntos`, {
      rawBody: '{ "motivo": "orden", "puntos": 15 }',
      idem: key,
    });
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(await h.balance(uid)).toBe(15);
  });
});

describe('conflicts (409)', () => {
  it('the same key with a different body is 409 with code 9409 and changes nothing', async () => {
    const uid = await fresh();
    const key = newKey();
    expect((await addPuntos(uid, 10, key)).status).toBe(200);
    const conflict = await addPuntos(uid, 11, key);
    expectEnvelopeError(conflict, 409, ERROR_CODES.conflict);
    expect(await h.balance(uid)).toBe(10);
  });

  it('the same key on a different operation is 409', async () => {
    const uid = await fresh();
    const key = newKey();
    expect((await addPuntos(uid, 10, key)).status).toBe(200);
    const conflict = await h.op('clientes.notificaciones.send', {
      params: { uid },
      body: { titulo: 't', mensaje: 'm' },
      idem: key,
    });
    expectEnvelopeError(conflict, 409, ERROR_CODES.conflict);
  });

  it('the same key and body on another customer (another path) is 409 and changes nothing', async () => {
    const first = await fresh();
    const other = await fresh();
    const key = newKey();
    expect((await addPuntos(first, 10, key)).status).toBe(200);
    const conflict = await addPuntos(other, 10, key);
    expectEnvelopeError(conflict, 409, ERROR_CODES.conflict);
    expect(await h.balance(other)).toBe(0);
  });

  it('a conflict is not remembered: each 409 has its own requestId', async () => {
    const uid = await fresh();
    const key = newKey();
    await addPuntos(uid, 10, key);
    const one = await addPuntos(uid, 12, key);
    const two = await addPuntos(uid, 12, key);
    expect(one.status).toBe(409);
    expect(two.status).toBe(409);
    expect(two.json.meta.requestId).not.toBe(one.json.meta.requestId);
  });
});

describe('reads', () => {
  it('a read carrying an Idempotency-Key already used by a write answers 200, never 409', async () => {
    const uid = await fresh();
    const key = newKey();
    expect((await addPuntos(uid, 10, key)).status).toBe(200);
    const read = await h.op('clientes.puntos.list', { params: { uid }, idem: key });
    expect(read.status, read.text).toBe(200);
    const again = await h.op('clientes.retrieve', { params: { uid }, idem: key });
    expect(again.status, again.text).toBe(200);
    expect(again.json.meta.requestId).not.toBe(read.json.meta.requestId);
  });
});

describe('the header itself', () => {
  it.each(required)(
    '%s without Idempotency-Key is 400 naming the header, and executes nothing',
    async (id) => {
      const reply = await h.op(id, { ...SAMPLES[id](fx), idem: null });
      expectDetail(reply, { in: 'header', name: 'Idempotency-Key' });
    },
  );

  it('a points write refused for a missing key leaves the balance alone', async () => {
    const uid = await fresh();
    const reply = await h.op('clientes.puntos.add', { params: { uid }, body: { puntos: 9 }, idem: null });
    expect(reply.status).toBe(400);
    expect(await h.balance(uid)).toBe(0);
  });

  it.each(optional)('%s (idempotency not required) succeeds without the header', async (id) => {
    const reply = await h.op(id, { ...SAMPLES[id](fx), idem: null });
    expect(reply.status, reply.text).toBe(200);
  });

  it.each(optional)(
    '%s (idempotency not required) answers 409 to its key reused with another body',
    async (id) => {
      const key = newKey();
      const sample = SAMPLES[id](fx);
      expect((await h.op(id, { ...sample, idem: key })).status).toBe(200);
      const other = sample.body === undefined ? { ...sample, params: { uid: await fresh() } } : { ...sample };
      if (sample.body !== undefined) other.body = { ...(sample.body as object), ...changedField(id) };
      const conflict = await h.op(id, { ...other, idem: key });
      expectEnvelopeError(conflict, 409, ERROR_CODES.conflict);
    },
  );

  it('a key of 7 characters is 400 and one of 129 is 400', async () => {
    const uid = await fresh();
    const short = await addPuntos(uid, 1, 'k'.repeat(7));
    const long = await addPuntos(uid, 1, 'k'.repeat(129));
    expectDetail(short, { in: 'header', name: 'Idempotency-Key' });
    expectDetail(long, { in: 'header', name: 'Idempotency-Key' });
    expect(await h.balance(uid)).toBe(0);
  });
});

/** A body change that keeps the sample valid. */
function changedField(id: OperationId): Record<string, unknown> {
  switch (id) {
    case 'tareas.setStatus':
      return { status: 0 };
    case 'grupos.nombre.set':
      return { nombre: 'Otro nombre' };
    case 'promociones.setStatus':
      return { comando: 'desactivar' };
    default:
      throw new Error(`no changed field for ${id}`);
  }
}

describe('keys are scoped per API key', () => {
  it('two API keys may use the same idempotency key independently', async () => {
    const uid = await fresh();
    const key = newKey();
    const a = await addPuntos(uid, 10, key);
    const b = await addPuntos(uid, 20, key, { key: KEY_B });
    expect(a.status).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(await h.balance(uid)).toBe(30);
  });

  it("another API key with the same idempotency key and body executes anew, not a replay of the other's answer", async () => {
    const uid = await fresh();
    const key = newKey();
    const a = await addPuntos(uid, 10, key);
    const b = await addPuntos(uid, 10, key, { key: KEY_B });
    expect(b.status).toBe(200);
    expect(b.json.meta.requestId).not.toBe(a.json.meta.requestId);
    expect(b.json.meta.appId).toBe(2);
    expect(a.json.meta.appId).toBe(ADMIN_APP_ID);
    expect(await h.balance(uid)).toBe(20);
  });
});

describe('which answers are remembered', () => {
  it('400 is not stored: fixing the request and retrying with the same key succeeds', async () => {
    const uid = await fresh();
    const key = newKey();
    expect((await addPuntos(uid, 0, key)).status).toBe(400);
    const fixed = await addPuntos(uid, 5, key);
    expect(fixed.status, fixed.text).toBe(200);
    expect(await h.balance(uid)).toBe(5);
  });

  it('401 is not stored: retrying with a valid apikey and the same key succeeds', async () => {
    const uid = await fresh();
    const key = newKey();
    expect((await addPuntos(uid, 5, key, { key: 'conformance-not-a-key-123456' })).status).toBe(401);
    const fixed = await addPuntos(uid, 5, key);
    expect(fixed.status, fixed.text).toBe(200);
    expect(await h.balance(uid)).toBe(5);
  });

  it('403 is not stored: the same API key may then use that idempotency key on an operation it may execute', async () => {
    const uid = await fresh();
    const key = newKey();
    const refused = await h.op('clientes.notificaciones.send', {
      params: { uid },
      body: { titulo: 't', mensaje: 'm' },
      idem: key,
      key: KEY_NO_NOTIF,
    });
    expect(refused.status).toBe(403);
    const allowed = await addPuntos(uid, 5, key, { key: KEY_NO_NOTIF });
    expect(allowed.status, allowed.text).toBe(200);
    expect(await h.balance(uid)).toBe(5);
  });

  it('422 is remembered: after the cause is gone, the same key and body replay the 422 (docs/decisions.md)', async () => {
    const uid = await fresh();
    const key = newKey();
    const refused = await addPuntos(uid, -50, key);
    expect(refused.status).toBe(422);
    await h.give(uid, 100);
    const again = await addPuntos(uid, -50, key);
    expect(again.text).toBe(refused.text);
    expect(await h.balance(uid)).toBe(100);
  });

  it('404 is remembered: the same key and body replay the 404 (docs/decisions.md)', async () => {
    const key = newKey();
    const first = await addPuntos('conformance-no-such-uid', 5, key);
    const second = await addPuntos('conformance-no-such-uid', 5, key);
    expect(first.status).toBe(404);
    expect(second.text).toBe(first.text);
  });
});

describe('a duplicate while the first is in flight', () => {
  it('two concurrent identical group actions: one 200, the other 409 or the identical answer; the effect happens once', async () => {
    const uids: string[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const created = await Promise.all(Array.from({ length: 50 }, () => fresh()));
      uids.push(...created);
    }
    const grupoId = await h.createGroup(uids);
    const key = newKey();
    const motivo = `in-flight-${key}`;
    const send = () =>
      h.op('grupos.puntos.add', { params: { grupoId }, body: { puntos: 3, motivo }, idem: key });
    const [one, two] = await Promise.all([send(), send()]);
    const replies = [one, two].sort((x, y) => x.status - y.status);
    const [winner, other] = replies as [typeof one, typeof one];
    expect(winner.status, winner.text).toBe(200);
    if (other.status === 200) {
      expect(other.text).toBe(winner.text);
    } else {
      expectEnvelopeError(other, 409, ERROR_CODES.conflict);
    }
    expect(await auditWith(motivo)).toHaveLength(uids.length);
    for (const uid of [uids[0], uids[249], uids[499]] as string[]) {
      expect(await h.balance(uid)).toBe(3);
    }
    const later = await send();
    expect(later.text).toBe(winner.text);
  });
});

describe('time to live', () => {
  let s: Harness;
  const TTL = 150;
  const clock = serverClock();

  beforeAll(async () => {
    s = await startServer({
      keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }],
      limits: { idempotencyTtlMs: TTL },
      now: clock.now,
    });
  });
  afterAll(() => s.stop());

  it('within the TTL the key is remembered; after it, the same key and body execute again', async () => {
    const uid = (await s.newCliente()).uid;
    const key = newKey();
    const send = () => s.op('clientes.puntos.add', { params: { uid }, body: { puntos: 10 }, idem: key });
    const first = await send();
    const replay = await send();
    expect(replay.text).toBe(first.text);
    expect(await s.balance(uid)).toBe(10);
    await clock.sleep(TTL + 100);
    const anew = await send();
    expect(anew.status).toBe(200);
    expect(anew.json.meta.requestId).not.toBe(first.json.meta.requestId);
    expect(await s.balance(uid)).toBe(20);
  });

  it('after the TTL the key may carry a different body (no 409)', async () => {
    const uid = (await s.newCliente()).uid;
    const key = newKey();
    expect(
      (await s.op('clientes.puntos.add', { params: { uid }, body: { puntos: 10 }, idem: key })).status,
    ).toBe(200);
    await clock.sleep(TTL + 100);
    const other = await s.op('clientes.puntos.add', { params: { uid }, body: { puntos: 7 }, idem: key });
    expect(other.status, other.text).toBe(200);
    expect(await s.balance(uid)).toBe(17);
  });
});

describe('429 is not stored', () => {
  let s: Harness;
  const WINDOW = 300;
  const clock = serverClock();

  beforeAll(async () => {
    s = await startServer({
      keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }],
      limits: { rateLimit: { limit: 3, windowMs: WINDOW } },
      now: clock.now,
    });
  });
  afterAll(() => s.stop());

  it('a write refused with 429 runs when retried with the same key after the window', async () => {
    const uid = (await s.newCliente()).uid;
    await clock.sleep(WINDOW + 50);
    let expected = 0;
    let limitedKey: string | undefined;
    for (let attempt = 0; attempt < 5 && limitedKey === undefined; attempt += 1) {
      for (let i = 0; i < 10; i += 1) {
        if ((await s.op('tareas.list')).status === 429) break;
      }
      const key = newKey();
      const reply = await s.op('clientes.puntos.add', { params: { uid }, body: { puntos: 5 }, idem: key });
      if (reply.status === 429) limitedKey = key;
      else {
        expect(reply.status, reply.text).toBe(200);
        expected += 5;
      }
    }
    expect(limitedKey, 'a write was refused with 429').toBeDefined();
    await clock.sleep(WINDOW + 50);
    const retry = await s.op('clientes.puntos.add', {
      params: { uid },
      body: { puntos: 5 },
      idem: limitedKey,
    });
    expect(retry.status, retry.text).toBe(200);
    expect(await s.balance(uid)).toBe(expected + 5);
  });
});
