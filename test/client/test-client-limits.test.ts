/**
 * `createTestClient` puts no rate limit and no group action limit in a test's way unless the test
 * asks for one by naming it in `limits`; the HTTP server and the MSW handlers keep the defaults.
 */
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../src/index.js';
import { createTestClient } from '../../src/server/index.js';

/** A clock that never moves: no rate-limit window ends during a test. */
const frozen = () => Date.parse('2026-01-01T00:00:00Z');

async function callsUntilRefused(call: () => Promise<unknown>, most: number): Promise<number | undefined> {
  for (let number = 1; number <= most; number++) {
    try {
      await call();
    } catch (error) {
      expect(error).toBeInstanceOf(RateLimitError);
      return number;
    }
  }
  return undefined;
}

describe('createTestClient limits', () => {
  it('150 calls in a loop with maxRetries 0 all succeed: no rate limit unless asked for', async () => {
    const { client } = await createTestClient({ now: frozen, client: { maxRetries: 0, logLevel: 'off' } });
    expect(await callsUntilRefused(() => client.configuracion.niveles.list(), 150)).toBeUndefined();
  });

  it('with limits: { rateLimit: { limit: 5 } } the 6th call in the window fails with RateLimitError', async () => {
    const { client } = await createTestClient({
      now: frozen,
      limits: { rateLimit: { limit: 5 } },
      client: { maxRetries: 0, logLevel: 'off' },
    });
    expect(await callsUntilRefused(() => client.configuracion.niveles.list(), 10)).toBe(6);
  });

  it("a rateLimit given in part keeps the server's default of 100 requests per window", async () => {
    const { client } = await createTestClient({
      now: frozen,
      limits: { rateLimit: { windowMs: 60_000 } },
      client: { maxRetries: 0, logLevel: 'off' },
    });
    expect(await callsUntilRefused(() => client.configuracion.niveles.list(), 150)).toBe(101);
  });

  it('20 group actions in a minute succeed: no group action limit unless asked for', async () => {
    const { client } = await createTestClient({ now: frozen, client: { maxRetries: 0, logLevel: 'off' } });
    const dryRun = () => client.grupos.puntos.add(1, { puntos: 10, dryRun: true });
    expect(await callsUntilRefused(dryRun, 20)).toBeUndefined();
  });

  it('with limits: { groupActionsPerMinute: 1 } the 2nd group action in the minute fails', async () => {
    const { client } = await createTestClient({
      now: frozen,
      limits: { groupActionsPerMinute: 1 },
      client: { maxRetries: 0, logLevel: 'off' },
    });
    const dryRun = () => client.grupos.puntos.add(1, { puntos: 10, dryRun: true });
    expect(await callsUntilRefused(dryRun, 5)).toBe(2);
  });
});
