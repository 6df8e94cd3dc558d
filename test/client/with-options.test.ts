import { inspect } from 'node:util';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, LoyaltyClient, LoyaltyError } from '../../src/index.js';
import { clientFor, TEST_KEY, useStub } from '../support/stub-server.js';

const stub = useStub();

afterEach(() => {
  vi.unstubAllEnvs();
});

/** An undici Agent that counts what it is asked to send: a connection pool we can recognise. */
class CountingAgent extends Agent {
  sent = 0;
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.sent += 1;
    return super.dispatch(options, handler);
  }
}

const agents: Agent[] = [];
function countingAgent(): CountingAgent {
  const agent = new CountingAgent();
  agents.push(agent);
  return agent;
}
afterAll(() => Promise.all(agents.map((agent) => agent.close())));

function refusal(client: LoyaltyClient, changes: unknown): LoyaltyError {
  try {
    client.withOptions(changes as ClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(LoyaltyError);
    return error as LoyaltyError;
  }
  throw new Error('expected withOptions to throw');
}

describe('client.withOptions', () => {
  it('changes the options given and keeps the others', async () => {
    const client = clientFor(stub, {
      timeoutMs: 10_000,
      maxRetries: 3,
      defaultHeaders: { 'x-job': 'nightly' },
    });
    const patient = client.withOptions({ timeoutMs: 120_000 });

    expect(patient.toJSON()).toEqual({ apiUrl: client.apiUrl, timeoutMs: 120_000, maxRetries: 3 });
    await patient.tareas.list();
    expect(stub.only.headers.apikey).toBe(TEST_KEY);
    expect(stub.only.headers['x-job']).toBe('nightly');
  });

  it('leaves the client it is called on unchanged', () => {
    const client = clientFor(stub, { maxRetries: 3 });
    const derived = client.withOptions({ maxRetries: 0, timeoutMs: 1_000 });

    expect(derived).not.toBe(client);
    expect(derived).toBeInstanceOf(LoyaltyClient);
    expect(client.toJSON()).toEqual({ apiUrl: client.apiUrl, timeoutMs: 30_000, maxRetries: 3 });
  });

  it('sends through the same dispatcher: the connection pool is shared', async () => {
    const agent = countingAgent();
    const client = clientFor(stub, { dispatcher: agent });
    const derived = client.withOptions({ timeoutMs: 5_000, maxRetries: 0 });

    await client.tareas.list();
    await derived.tareas.list();

    expect(agent.sent).toBe(2);
    expect(stub.count).toBe(2);
  });

  it('sends with the same fetch', async () => {
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const client = clientFor(stub, { fetch: counting });

    await client.withOptions({ maxRetries: 1 }).configuracion.niveles.list();

    expect(calls).toEqual([`${stub.baseUrl}/ext/v3/configuracion/niveles`]);
  });

  it('given a dispatcher or a fetch, sends with that instead of the client’s', async () => {
    const calls: string[] = [];
    const client = clientFor(stub, {
      fetch: (input, init) => {
        calls.push(String(input));
        return fetch(input, init);
      },
    });
    const agent = countingAgent();

    await client.withOptions({ dispatcher: agent }).tareas.list();
    await client.tareas.list();

    expect(agent.sent).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('keeps the key and base URL the client read from the environment, never reading it again', async () => {
    vi.stubEnv('LOYALTY_API_KEY', 'env-key-read-first-0001');
    vi.stubEnv('LOYALTY_BASE_URL', stub.baseUrl);
    const client = new LoyaltyClient({ logLevel: 'off' });
    vi.stubEnv('LOYALTY_API_KEY', 'env-key-changed-later-02');
    vi.stubEnv('LOYALTY_BASE_URL', 'http://elsewhere.invalid');

    await client.withOptions({ timeoutMs: 2_000 }).tareas.list();

    expect(stub.only.headers.apikey).toBe('env-key-read-first-0001');
  });

  it('treats an option given as undefined as not given: the client’s value stays', () => {
    const client = clientFor(stub, { maxRetries: 4 });
    expect(client.withOptions({ maxRetries: undefined }).toJSON()).toMatchObject({ maxRetries: 4 });
  });

  it('takes another key, and shows neither key', async () => {
    const client = clientFor(stub);
    const other = client.withOptions({ apiKey: 'sk_test_OTHER-KEY-0a1b2c3d4e5f' });

    await other.tareas.list();

    expect(stub.only.headers.apikey).toBe('sk_test_OTHER-KEY-0a1b2c3d4e5f');
    for (const shown of [inspect(other, { showHidden: true }), JSON.stringify(other), String(other)]) {
      expect(shown).not.toContain('OTHER-KEY');
      expect(shown).not.toContain(TEST_KEY);
    }
  });

  describe('checks the options as the constructor does', () => {
    it('refuses an unknown name, suggesting the near one', () => {
      expect(refusal(clientFor(stub), { timeout: 5_000 }).message).toBe(
        'Unknown LoyaltyClient option "timeout"; did you mean "timeoutMs"?',
      );
    });

    it('refuses an unknown name given as undefined too', () => {
      expect(refusal(clientFor(stub), { timout: undefined }).message).toContain('did you mean "timeoutMs"?');
    });

    it('refuses a bad value', () => {
      expect(refusal(clientFor(stub), { maxRetries: -1 }).message).toBe(
        'maxRetries must be a non-negative integer, got -1',
      );
    });

    it('refuses anything but an object', () => {
      expect(refusal(clientFor(stub), null).message).toBe(
        'withOptions takes an object of LoyaltyClient options',
      );
    });

    it('never names the key in a refusal', () => {
      expect(refusal(clientFor(stub), { apiKey: `${TEST_KEY}\n` }).message).not.toContain(TEST_KEY);
    });
  });
});
