/**
 * A test expects its 404s, 403s and 422s: `createTestClient` keeps them out of the test run's
 * output unless the test asks for the lines (a `logLevel`, or `LOYALTY_LOG` while debugging).
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Logger, LoyaltyClient } from '../../src/index.js';
import { createTestClient, DEMO_READ_ONLY_API_KEY } from '../../src/server/index.js';

function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (message: string): void => {
      lines.push(`${level} ${message}`);
    };
  return {
    lines,
    logger: { error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug') },
  };
}

/** A 404, a 403 and a 422, each expected by the test that provokes it. */
const expectedFailures = [
  { status: 404, apiKey: undefined, call: (client: Client) => client.clientes.retrieve('cli_9999') },
  {
    status: 403,
    apiKey: DEMO_READ_ONLY_API_KEY,
    call: (client: Client) => client.clientes.puntos.add('cli_0001', { puntos: 10 }),
  },
  {
    status: 422,
    apiKey: undefined,
    // More points removed than the balance holds: a business rule, refused by the engine.
    call: (client: Client) => client.clientes.puntos.add('cli_0001', { puntos: -10_000 }),
  },
] as const;

type Client = Awaited<ReturnType<typeof createTestClient>>['client'];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createTestClient logging', () => {
  it.each(expectedFailures)('an expected $status prints no line at the default level', async (failure) => {
    vi.stubEnv('LOYALTY_LOG', undefined);
    const { logger, lines } = recordingLogger();
    const { client } = await createTestClient({
      ...(failure.apiKey ? { apiKey: failure.apiKey } : {}),
      client: { logger, maxRetries: 0 },
    });
    await expect(failure.call(client)).rejects.toMatchObject({ status: failure.status });
    expect(lines).toEqual([]);
  });

  it('a test that asks for logLevel warn gets the failure line', async () => {
    vi.stubEnv('LOYALTY_LOG', undefined);
    const { logger, lines } = recordingLogger();
    const { client } = await createTestClient({ client: { logger, logLevel: 'warn', maxRetries: 0 } });
    await expect(client.clientes.retrieve('cli_9999')).rejects.toMatchObject({ status: 404 });
    expect(lines).toEqual([
      expect.stringMatching(/^warn loyalty-sdk: clientes\.retrieve failed after 1 attempt: NotFoundError/),
    ]);
  });

  it('LOYALTY_LOG turns the lines on while debugging a test', async () => {
    vi.stubEnv('LOYALTY_LOG', 'info');
    const { logger, lines } = recordingLogger();
    const { client } = await createTestClient({ client: { logger, maxRetries: 0 } });
    await expect(client.clientes.retrieve('cli_9999')).rejects.toMatchObject({ status: 404 });
    expect(lines).toContain('info loyalty-sdk <- 404 clientes.retrieve');
  });

  it("createTestClient's client defaults to error; a client created directly keeps warn", async () => {
    vi.stubEnv('LOYALTY_LOG', undefined);
    const { client } = await createTestClient();
    expect(inspect(client)).toContain("logLevel: 'error'");
    const direct = new LoyaltyClient({ apiKey: 'lk_0123456789abcdef', baseUrl: 'http://127.0.0.1:1' });
    expect(inspect(direct)).toContain("logLevel: 'warn'");
  });
});
