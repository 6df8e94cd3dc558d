/**
 * Rate limits end to end. A server allowing 2 requests per key per 1 s window: a burst through
 * a client that retries waits for Retry-After and succeeds, each write applied once; without
 * retries the burst meets RateLimitError. A second server caps group actions per minute.
 * Effects are read with `admin` (no HTTP), so checking them spends nothing of the window.
 */
import { type LoyaltyClient, RateLimitError } from 'loyalty-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aTurn } from '../support/async.js';
import { advance, currentDate, turnsUntil, useFakeClock, watch } from '../support/fake-clock.js';
import { recordingLogger, rejectionOf, UUID_V4, useLiveServer } from '../support/live-server.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('rate limit of 2 requests per 1 s window', () => {
  const server = useLiveServer({ limits: { rateLimit: { limit: 2, windowMs: 1_000 } }, now: currentDate });

  beforeEach(() => {
    useFakeClock();
    // Also starts a fresh window: reset clears the limit counters.
    server.admin.reset();
  });

  /** Four concurrent writes to cli_0002 (0 points): 10, 20, 30 and 40 points. */
  const burst = (client: LoyaltyClient) =>
    [10, 20, 30, 40].map((puntos) =>
      client.clientes.puntos.add('cli_0002', { puntos, motivo: `ráfaga ${puntos}` }),
    );

  /**
   * The burst through a client that retries: two writes answered 429 decide to retry (their log
   * lines), nothing more reaches the server until the 1 s Retry-After has passed on the clock.
   */
  async function retriedBurst(client: LoyaltyClient, lines: readonly string[]) {
    const all = Promise.all(burst(client));
    const results = watch(all);
    await turnsUntil(() => lines.filter((line) => line.includes('retrying in 1000 ms')).length === 2);
    await advance(999);
    await aTurn();
    expect(results.state, 'waiting for Retry-After 999 ms in').toBe('pending');
    expect(server.admin.audit()).toHaveLength(2);
    await advance(1);
    return all;
  }

  it('a burst through a client with maxRetries 2 succeeds whole after waiting Retry-After', async () => {
    const log = recordingLogger();
    const client = server.client({ maxRetries: 2, logger: log.logger, logLevel: 'info' });
    const results = await retriedBurst(client, log.lines);

    expect(results.map((result) => result.puntos).sort((a, b) => a - b)).toEqual([10, 20, 30, 40]);
    const retries = log.lines.filter((line) =>
      /attempt 1 failed \(.*failed with 429\b.*\); retrying in 1000 ms$/.test(line),
    );
    expect(retries).toHaveLength(2);
    expect(log.lines.filter((line) => line === 'loyalty-sdk <- 200 clientes.puntos.add')).toHaveLength(4);
  });

  it('each write of a retried burst is applied exactly once: balance and audit', async () => {
    const log = recordingLogger();
    const client = server.client({ maxRetries: 2, logger: log.logger, logLevel: 'info' });
    const results = await retriedBurst(client, log.lines);
    expect(server.admin.customer('cli_0002')?.puntos).toBe(100);
    const audit = server.admin.audit();
    expect(audit.map((entry) => entry.motivo).sort()).toEqual([
      'ráfaga 10',
      'ráfaga 20',
      'ráfaga 30',
      'ráfaga 40',
    ]);
    expect(audit.map((entry) => entry.movimientoId).sort()).toEqual(
      results.map((r) => r.movimientoId).sort(),
    );
    expect(audit.map((entry) => entry.saldo).sort((a, b) => a - b)).toEqual(
      results.map((result) => result.saldo).sort((a, b) => a - b),
    );
  });

  it('with maxRetries 0 the same burst meets RateLimitError with retryAfterMs 1000', async () => {
    const client = server.client({ maxRetries: 0 });
    const settled = await Promise.allSettled(burst(client));
    const rejected = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(rejected).toHaveLength(2);
    for (const error of rejected) {
      expect(error).toBeInstanceOf(RateLimitError);
      const limited = error as RateLimitError;
      expect(limited.status).toBe(429);
      expect(limited.codigoRespuesta).toBe(9429);
      expect(limited.retryAfterMs).toBeGreaterThanOrEqual(1_000);
      expect(limited.retryAfterMs).toBe(1_000);
      expect(limited.headers['retry-after']).toBe('1');
      expect(limited.idempotencyKey).toMatch(UUID_V4);
    }
  });

  it('writes refused with 429 and not retried have no effect', async () => {
    const client = server.client({ maxRetries: 0 });
    const settled = await Promise.allSettled(burst(client));
    const applied = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.puntos] : []));
    expect(server.admin.customer('cli_0002')?.puntos).toBe(applied[0]! + applied[1]!);
    expect(server.admin.audit()).toHaveLength(2);
  });

  it('a caller key refused with 429 succeeds once when reused after Retry-After', async () => {
    const client = server.client({ maxRetries: 0 });
    const idempotencyKey = 'e2e-after-429-key-0001';
    await client.tareas.list();
    await client.tareas.list();
    const refused = await rejectionOf(
      client.clientes.puntos.add('cli_0002', { puntos: 60 }, { idempotencyKey }),
    );
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).idempotencyKey).toBe(idempotencyKey);
    expect(server.admin.customer('cli_0002')?.puntos).toBe(0);

    await advance((refused as RateLimitError).retryAfterMs ?? 1_000);
    const accepted = await client.clientes.puntos
      .add('cli_0002', { puntos: 60 }, { idempotencyKey })
      .withResponse();
    const replayed = await client.clientes.puntos
      .add('cli_0002', { puntos: 60 }, { idempotencyKey })
      .withResponse();
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
    expect(replayed.meta.requestId).toBe(accepted.meta.requestId);
    expect(server.admin.customer('cli_0002')?.puntos).toBe(60);
    expect(server.admin.audit()).toHaveLength(1);
  });
});

describe('group actions per minute capped at 2', () => {
  const server = useLiveServer({ limits: { groupActionsPerMinute: 2 }, now: currentDate });
  let grupoId = 0;

  beforeEach(() => {
    useFakeClock();
    server.admin.reset();
    grupoId = server.admin.createGroup({ uids: ['cli_0002', 'cli_0003'] });
  });

  const clientWith = (options: { maxRetries: number; maxRetryAfterMs?: number }) => server.client(options);

  it('the third group action within the minute is RateLimitError with Retry-After about 60 s', async () => {
    const client = clientWith({ maxRetries: 0 });
    await client.grupos.puntos.add(grupoId, { puntos: 5, dryRun: true });
    await client.grupos.etiquetas.add(grupoId, { etiqueta: 'x', dryRun: true });
    const error = await rejectionOf(client.grupos.puntos.add(grupoId, { puntos: 5 }));
    expect(error).toBeInstanceOf(RateLimitError);
    const limited = error as RateLimitError;
    expect(limited.codigoRespuesta).toBe(9429);
    expect(limited.retryAfterMs).toBe(60_000);
    expect(server.admin.audit()).toEqual([]);
  });

  it('a Retry-After beyond maxRetryAfterMs is not waited for, even with retries left', async () => {
    const client = clientWith({ maxRetries: 2, maxRetryAfterMs: 5_000 });
    await client.grupos.puntos.add(grupoId, { puntos: 5, dryRun: true });
    await client.grupos.puntos.add(grupoId, { puntos: 5, dryRun: true });
    // Settled with the clock standing still: the 60 s Retry-After was not waited for.
    await expect(client.grupos.puntos.add(grupoId, { puntos: 5, dryRun: true })).rejects.toBeInstanceOf(
      RateLimitError,
    );
  });

  it('other operations are not group actions and stay allowed', async () => {
    const client = clientWith({ maxRetries: 0 });
    await client.grupos.puntos.add(grupoId, { puntos: 5, dryRun: true });
    await client.grupos.puntos.add(grupoId, { puntos: 5, dryRun: true });
    expect(await client.grupos.nombre.set(grupoId, { nombre: 'Sin límite' })).toEqual({
      grupoId,
      nombre: 'Sin límite',
    });
    expect(await client.clientes.puntos.add('cli_0002', { puntos: 5 })).toMatchObject({ saldo: 5 });
  });

  it('a replayed group action does not count against the cap', async () => {
    const client = clientWith({ maxRetries: 0 });
    const options = { idempotencyKey: 'e2e-group-cap-replay-01' };
    const first = await client.grupos.puntos.add(grupoId, { puntos: 5 }, options).withResponse();
    await client.grupos.puntos.add(grupoId, { puntos: 5, dryRun: true });
    const replay = await client.grupos.puntos.add(grupoId, { puntos: 5 }, options).withResponse();
    expect(replay.meta.requestId).toBe(first.meta.requestId);
    expect(server.admin.customer('cli_0002')?.puntos).toBe(5);
    await expect(client.grupos.puntos.add(grupoId, { puntos: 1, dryRun: true })).rejects.toBeInstanceOf(
      RateLimitError,
    );
  });
});
