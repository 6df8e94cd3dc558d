/**
 * The error a call ends with says what to do next: a call that got no answer says how many
 * attempts were made and, when it carried an Idempotency-Key, that sending it again with that key
 * is safe; a 409 says both ways on (a new key, or the original body with the same key).
 */
import { describe, expect, it } from 'vitest';
import { ConflictError, LoyaltyClient, LoyaltyConnectionError } from '../../src/index.js';
import { createTestClient, DEMO_API_KEY } from '../../src/server/index.js';
import { rejectionOf } from '../support/async.js';

/** A client of a port nothing listens on (port 1: refused at once), retrying quickly. */
const unreachable = (maxRetries: number) =>
  new LoyaltyClient({
    apiKey: DEMO_API_KEY,
    baseUrl: 'http://127.0.0.1:1',
    maxRetries,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 2,
    logLevel: 'off',
  });

describe('no answer, once the retries are spent', () => {
  it('a keyed write says how many attempts were made and that the same idempotencyKey makes sending it again safe', async () => {
    const error = await rejectionOf(
      unreachable(2).clientes.puntos.add('cli_0001', { puntos: 5 }, { idempotencyKey: 'gave-up-key-01' }),
    );
    expect(error).toBeInstanceOf(LoyaltyConnectionError);
    expect((error as Error).message).toMatch(
      /^clientes\.puntos\.add: no answer from 127\.0\.0\.1:1: .+; gave up after 3 attempts\. It is safe to send it again with the same idempotencyKey \(gave-up-key-01\): the service applies a key at most once\.$/,
    );
  });

  it('a read says how many attempts were made, and nothing of a key', async () => {
    const error = await rejectionOf(unreachable(0).tareas.list());
    expect((error as Error).message).toMatch(/; gave up after 1 attempt\.$/);
  });
});

describe('a 409 for a key used with another body', () => {
  it('names the key and says both ways on: a new key to apply it, the original body to get the first answer', async () => {
    const { client, admin } = await createTestClient();
    const uid = admin.createCustomer({ puntos: 100 });
    const key = { idempotencyKey: 'conflict-sdk-01' };
    await client.clientes.puntos.add(uid, { puntos: 5 }, key);
    const error = await rejectionOf(client.clientes.puntos.add(uid, { puntos: 6 }, key));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toContain(
      '. The Idempotency-Key conflict-sdk-01 was already used with another request, or that request is still in flight. ' +
        'To apply this request, send it with a new key; to get the first answer, send the original request (the same body) with this key, once it has ended.',
    );
  });
});
