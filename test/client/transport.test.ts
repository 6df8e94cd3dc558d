import { describe, expect, it } from 'vitest';

describe('the undici transport', () => {
  it("loads undici's dispatcher-only module, whose path has no exports map to hide it", async () => {
    const specifier: string = 'undici/lib/global.js';
    const module = (await import(specifier)) as { getGlobalDispatcher?: unknown };
    expect(typeof module.getGlobalDispatcher).toBe('function');
  });

  it("without a dispatcher, sends through undici's global dispatcher as it is at each request (one set after the first call too)", async () => {
    const { MockAgent, getGlobalDispatcher, setGlobalDispatcher } = await import('undici');
    const { LoyaltyClient } = await import('../../src/index.js');
    const seen: string[] = [];
    const agentNamed = (name: string) => {
      const agent = new MockAgent();
      agent.disableNetConnect();
      agent
        .get('http://loyalty.test')
        .intercept({ path: /\/tareas$/, method: 'GET' })
        .reply(() => {
          seen.push(name);
          return { statusCode: 200, data: { codigoRespuesta: 0, msj: 'Éxito', data: [], meta: {} } };
        })
        .persist();
      return agent;
    };
    const original = getGlobalDispatcher();
    const client = new LoyaltyClient({ apiKey: 'k3y-7Qz-global-agent', baseUrl: 'http://loyalty.test' });
    try {
      setGlobalDispatcher(agentNamed('first'));
      await client.tareas.list();
      setGlobalDispatcher(agentNamed('second'));
      await client.tareas.list();
    } finally {
      setGlobalDispatcher(original);
    }
    expect(seen).toEqual(['first', 'second']);
  });
});

describe('the fetch transport', () => {
  it('given globalThis.fetch, uses the global in force at call time (MSW patches it at listen())', async () => {
    const { LoyaltyClient } = await import('../../src/index.js');
    const original = globalThis.fetch;
    const client = new LoyaltyClient({
      apiKey: 'key-for-fetch-test',
      baseUrl: 'http://loyalty.test',
      fetch: globalThis.fetch,
    });
    const seen: string[] = [];
    globalThis.fetch = (async (input: string | URL | Request) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ codigoRespuesta: 0, msj: 'Éxito', data: [], meta: {} }), {
        status: 200,
      });
    }) as typeof fetch;
    try {
      await expect(client.tareas.list()).resolves.toEqual([]);
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(['http://loyalty.test/ext/v3/tareas']);
  });
});

describe('the fetch transport deadline', () => {
  it('ends an attempt whose body stalls even when the fetch ignores the abort signal', async () => {
    const { LoyaltyClient, LoyaltyTimeoutError } = await import('../../src/index.js');
    const stalled = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"codigoRespuesta":0,'));
            // Never closes, and the signal is not looked at: the transport must stop waiting itself.
          },
        }),
        { status: 200 },
      );
    const client = new LoyaltyClient({
      apiKey: 'key-for-stall-test',
      baseUrl: 'http://loyalty.test',
      fetch: stalled,
      maxRetries: 0,
      timeoutMs: 100,
    });
    const started = performance.now();
    await expect(client.tareas.list()).rejects.toBeInstanceOf(LoyaltyTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
