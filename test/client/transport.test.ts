import { describe, expect, it } from 'vitest';

describe('the undici transport', () => {
  it("loads undici's dispatcher-only module, whose path has no exports map to hide it", async () => {
    const specifier: string = 'undici/lib/global.js';
    const module = (await import(specifier)) as { getGlobalDispatcher?: unknown };
    expect(typeof module.getGlobalDispatcher).toBe('function');
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
