import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConflictError,
  InternalServerError,
  LoyaltyAbortError,
  LoyaltyApiError,
  LoyaltyConnectionError,
  LoyaltyTimeoutError,
  RateLimitError,
} from '../../src/index.js';
import { aTurn } from '../support/async.js';
import { recordingLogger } from '../support/capturing-logger.js';
import {
  advance,
  expectSettledAt,
  nextResponseHeaders,
  turnsUntil,
  useFakeClock,
  watch,
} from '../support/fake-clock.js';
import {
  clientFor,
  destroy,
  failure,
  hang,
  rejection,
  stallBody,
  success,
  UUID_V4,
  useStub,
} from '../support/stub-server.js';

const stub = useStub();

afterEach(() => {
  vi.useRealTimers();
});

/** No backoff (a timer of 0 ms: a turn), where the backoff's length is not what is tested (retry-delay-options.test.ts holds it). */
const NO_BACKOFF = { retryBaseDelayMs: 0, retryMaxDelayMs: 0 };
/**
 * Backoffs of a few milliseconds of the fake clock: a retry after a timeout goes out when the
 * test moves the clock, after the attempt before it is over.
 */
const QUICK_BACKOFF = { retryBaseDelayMs: 1, retryMaxDelayMs: 10 };

const keysSent = () => stub.requests.map((request) => request.headers['idempotency-key']);
const bodiesSent = () => stub.requests.map((request) => request.body);

describe('retried calls', () => {
  it('429 with Retry-After: 0 then 200 resolves after two attempts with the same key and body', async () => {
    stub.script(failure(429, {}, { 'retry-after': '0' }), success({ saldo: 15 }));
    const data = await clientFor(stub).clientes.puntos.add('u-1', { puntos: 5, motivo: 'bono' });
    expect(data).toEqual({ saldo: 15 });
    expect(stub.count).toBe(2);
    const [first, second] = keysSent();
    expect(first).toMatch(UUID_V4);
    expect(second).toBe(first);
    expect(bodiesSent()).toEqual(['{"puntos":5,"motivo":"bono"}', '{"puntos":5,"motivo":"bono"}']);
  });

  it('500 then 200 retries (backoff) and resolves with the second answer', async () => {
    stub.script(failure(500), success({ ok: 2 }));
    await expect(clientFor(stub, NO_BACKOFF).tareas.list()).resolves.toEqual({ ok: 2 });
    expect(stub.count).toBe(2);
  });

  it("sends the caller's own idempotencyKey on every attempt, never replacing it", async () => {
    stub.script(
      failure(503, {}, { 'retry-after': '0' }),
      failure(502, {}, { 'retry-after': '0' }),
      success(),
    );
    await clientFor(stub).grupos.puntos.add(5, { puntos: 10 }, { idempotencyKey: 'caller-own-key-001' });
    expect(keysSent()).toEqual(['caller-own-key-001', 'caller-own-key-001', 'caller-own-key-001']);
  });

  it('retries an optional-key write (2) with the key the caller gave', async () => {
    stub.script(failure(503, {}, { 'retry-after': '0' }), success());
    await clientFor(stub).tareas.setStatus(1, { status: 1 }, { idempotencyKey: 'task-key-0001' });
    expect(keysSent()).toEqual(['task-key-0001', 'task-key-0001']);
  });

  it('retries an optional-key write without a key and sends none on either attempt', async () => {
    stub.script(failure(503, {}, { 'retry-after': '0' }), success());
    await clientFor(stub).grupos.nombre.set(5, { nombre: 'VIP' });
    expect(keysSent()).toEqual([undefined, undefined]);
  });

  it('makes 1 + maxRetries (default 2) attempts, then throws the last error', async () => {
    stub.fallback = failure(503, { msj: 'sigue caído' }, { 'retry-after': '0' });
    const error = (await rejection(clientFor(stub).tareas.list())) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.msj).toBe('sigue caído');
    expect(stub.count).toBe(3);
  });

  it('maxRetries: 0 on the client sends once', async () => {
    stub.fallback = failure(500, {}, { 'retry-after': '0' });
    await expect(clientFor(stub, { maxRetries: 0 }).tareas.list()).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(stub.count).toBe(1);
  });

  it('maxRetries: 0 on the request overrides the client default', async () => {
    stub.fallback = failure(500, {}, { 'retry-after': '0' });
    await expect(clientFor(stub).tareas.list({ maxRetries: 0 })).rejects.toBeInstanceOf(InternalServerError);
    expect(stub.count).toBe(1);
  });

  it('maxRetries: 1 on the request makes exactly two attempts', async () => {
    stub.fallback = failure(500, {}, { 'retry-after': '0' });
    await expect(clientFor(stub).tareas.list({ maxRetries: 1 })).rejects.toBeInstanceOf(InternalServerError);
    expect(stub.count).toBe(2);
  });

  it('retries a connection error (socket destroyed) with the same Idempotency-Key', async () => {
    stub.script(destroy(), success({ saldo: 1 }));
    const data = await clientFor(stub, NO_BACKOFF).clientes.puntos.add('u-1', { puntos: 1 });
    expect(data).toEqual({ saldo: 1 });
    expect(stub.count).toBe(2);
    const [first, second] = keysSent();
    expect(first).toMatch(UUID_V4);
    expect(second).toBe(first);
  });

  it('throws LoyaltyConnectionError (not a timeout) when the socket is destroyed and retries are off', async () => {
    stub.script(destroy());
    const error = await rejection(
      clientFor(stub, { maxRetries: 0 }).clientes.puntos.add('u-1', { puntos: 1 }),
    );
    expect(error).toBeInstanceOf(LoyaltyConnectionError);
    expect(error).not.toBeInstanceOf(LoyaltyTimeoutError);
    expect((error as LoyaltyConnectionError).idempotencyKey).toBe(stub.only.headers['idempotency-key']);
  });

  it('does not retry a 429 whose Retry-After exceeds maxRetryAfterMs', async () => {
    stub.script(failure(429, {}, { 'retry-after': '120' }));
    const error = (await rejection(clientFor(stub).tareas.list())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(stub.count).toBe(1);
  });
});

describe('calls that are never retried', () => {
  it.each([400, 401, 403, 404, 409, 422])('%i is sent once, even with retries left', async (status) => {
    stub.fallback = failure(status, {}, { 'retry-after': '0' });
    const error = await rejection(
      clientFor(stub, { maxRetries: 3 }).clientes.puntos.add('u-1', { puntos: 5 }),
    );
    expect(error).toBeInstanceOf(LoyaltyApiError);
    expect((error as LoyaltyApiError).status).toBe(status);
    expect(stub.count).toBe(1);
  });

  it('a 409 idempotency conflict is thrown as ConflictError after one request', async () => {
    stub.fallback = failure(409);
    await expect(
      clientFor(stub).clientes.create({ usuarioData: {} }, { idempotencyKey: 'reused-key-1' }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(stub.count).toBe(1);
  });
});

describe('abort', () => {
  it('abort during the backoff wait rejects at once with LoyaltyAbortError and sends nothing more', async () => {
    useFakeClock();
    stub.script(failure(429, {}, { 'retry-after': '5' }));
    const { logger, lines } = recordingLogger();
    const controller = new AbortController();
    const call = clientFor(stub, { logger, logLevel: 'info' }).clientes.puntos.add(
      'u-1',
      { puntos: 5 },
      { signal: controller.signal },
    );
    const settled = rejection(call);
    await turnsUntil(() => lines.some((line) => line.includes('retrying in 5000 ms')));
    await advance(4_000);
    const outcome = watch(settled);
    controller.abort();
    await aTurn();
    // Settled with the clock at 4 s: the abort ended the 5 s wait, the clock did not.
    expect(outcome.state).toBe('resolved');
    expect(await settled).toBeInstanceOf(LoyaltyAbortError);
    await advance(60_000);
    await sentNothingMore(1);
  });

  it('an already-aborted signal sends nothing and rejects with LoyaltyAbortError', async () => {
    const signal = AbortSignal.abort();
    await expect(
      clientFor(stub).clientes.puntos.add('u-1', { puntos: 5 }, { signal }),
    ).rejects.toBeInstanceOf(LoyaltyAbortError);
    await expect(clientFor(stub).tareas.list({ signal })).rejects.toBeInstanceOf(LoyaltyAbortError);
    expect(stub.count).toBe(0);
  });

  it('abort while the request is in flight rejects with LoyaltyAbortError without retrying', async () => {
    useFakeClock();
    stub.script(hang());
    const controller = new AbortController();
    const settled = rejection(clientFor(stub).tareas.list({ signal: controller.signal }));
    await stub.waitForRequests(1);
    const outcome = watch(settled);
    controller.abort();
    await aTurn();
    // The clock never moved: the abort, not a timer, ended the call.
    expect(outcome.state).toBe('resolved');
    expect(await settled).toBeInstanceOf(LoyaltyAbortError);
    await advance(60_000);
    await sentNothingMore(1);
  });
});

/**
 * After the fake clock has passed every backoff, a probe call: the stub then holds the call's
 * `count` requests and the probe, and no retry of the call.
 */
async function sentNothingMore(count: number): Promise<void> {
  stub.script(success());
  await clientFor(stub, { maxRetries: 0 }).configuracion.niveles.list();
  expect(stub.requests.map((request) => request.url).slice(count)).toEqual(['/ext/v3/configuracion/niveles']);
}

describe('timeoutMs per attempt', () => {
  /**
   * `call`'s failure, checked to come at `timeoutMs` on the fake clock and not a millisecond
   * before, counted from when the request is out (from the answer's headers, for a stalled body).
   */
  async function failureAtTimeout(
    timeoutMs: number,
    call: () => Promise<unknown>,
    stall: 'headers' | 'body',
  ) {
    useFakeClock();
    const headers = nextResponseHeaders();
    const settled = rejection(call());
    await (stall === 'body' ? headers : stub.waitForRequests(1));
    await expectSettledAt(timeoutMs, settled);
    return settled;
  }

  it('covers reading the body: headers sent, body stalled -> LoyaltyTimeoutError', async () => {
    stub.script(stallBody());
    const client = clientFor(stub, { timeoutMs: 200, maxRetries: 0 });
    const error = await failureAtTimeout(200, () => client.tareas.list(), 'body');
    expect(error).toBeInstanceOf(LoyaltyTimeoutError);
    expect(error).toBeInstanceOf(LoyaltyConnectionError);
    expect(stub.count).toBe(1);
  });

  it('covers waiting for the headers -> LoyaltyTimeoutError', async () => {
    stub.script(hang());
    const client = clientFor(stub, { maxRetries: 0 });
    const error = await failureAtTimeout(200, () => client.tareas.list({ timeoutMs: 200 }), 'headers');
    expect(error).toBeInstanceOf(LoyaltyTimeoutError);
  });

  it('retries a timed-out write with the same Idempotency-Key', async () => {
    useFakeClock();
    stub.script(stallBody(), success({ saldo: 9 }));
    const client = clientFor(stub, { timeoutMs: 200, maxRetries: 1, ...QUICK_BACKOFF });
    const headers = nextResponseHeaders();
    const call = client.clientes.puntos.add('u-1', { puntos: 9 });
    await headers;
    await advance(200);
    await stub.waitForRequests(1);
    await advance(QUICK_BACKOFF.retryMaxDelayMs);
    expect(await call).toEqual({ saldo: 9 });
    expect(stub.count).toBe(2);
    const [first, second] = keysSent();
    expect(first).toMatch(UUID_V4);
    expect(second).toBe(first);
  });

  it('covers reading the body through the fetch option too', async () => {
    stub.script(stallBody());
    const client = clientFor(stub, { timeoutMs: 200, maxRetries: 0, fetch: globalThis.fetch });
    const error = await failureAtTimeout(200, () => client.tareas.list(), 'body');
    expect(error).toBeInstanceOf(LoyaltyTimeoutError);
    expect(stub.count).toBe(1);
  });
});
