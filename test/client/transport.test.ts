import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Dispatcher } from 'undici';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { rejectionOf } from '../support/async.js';
import { expectSettledAt, useFakeClock } from '../support/fake-clock.js';

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

const EITHER_API_BODY = JSON.stringify({
  codigoRespuesta: 0,
  msj: 'Éxito',
  data: [],
  meta: { requestId: 'req-either-api' },
});

/** A controller of undici's current API whose abort is `abort`. */
function controllerAborting(abort: (reason?: Error) => void): Dispatcher.DispatchController {
  return { aborted: false, paused: false, reason: null, abort, pause() {}, resume() {} };
}

/** How a dispatcher drives a handler in each of undici's handler APIs: a whole answer, or a start and nothing more. */
const HANDLER_APIS: [
  string,
  {
    answer(handler: Dispatcher.DispatchHandler): void;
    start(handler: Dispatcher.DispatchHandler, abort: (reason?: Error) => void): void;
  },
][] = [
  [
    "undici 7's current API (onRequestStart to onResponseEnd)",
    {
      answer(handler) {
        const controller = controllerAborting(() => {});
        handler.onRequestStart?.(controller, {});
        const headers = { 'content-type': 'application/json', 'x-seen': ['one', 'two'] };
        handler.onResponseStart?.(controller, 200, headers, 'OK');
        handler.onResponseData?.(controller, Buffer.from(EITHER_API_BODY));
        handler.onResponseEnd?.(controller, {});
      },
      start: (handler, abort) => handler.onRequestStart?.(controllerAborting(abort), {}),
    },
  ],
  [
    "undici 6's legacy API (onConnect to onComplete), as Node 20's built-in undici speaks it",
    {
      answer(handler) {
        handler.onConnect?.(() => {});
        const raw = ['Content-Type', 'application/json', 'X-Seen', 'one', 'X-Seen', 'two'].map((part) =>
          Buffer.from(part),
        );
        handler.onHeaders?.(200, raw, () => {}, 'OK');
        handler.onData?.(Buffer.from(EITHER_API_BODY));
        handler.onComplete?.([]);
      },
      start: (handler, abort) => handler.onConnect?.(abort),
    },
  ],
];

/** A dispatcher that hands each handler to `drive`, and a client that sends through it alone. */
async function clientDriving(drive: (handler: Dispatcher.DispatchHandler) => void) {
  const { LoyaltyClient } = await import('../../src/index.js');
  const dispatcher = {
    dispatch(_options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      drive(handler);
      return true;
    },
  };
  return new LoyaltyClient({
    apiKey: 'key-either-api',
    baseUrl: 'http://loyalty.test',
    dispatcher: dispatcher as never,
    maxRetries: 0,
    timeoutMs: 50,
  });
}

describe.each(HANDLER_APIS)('a dispatcher that drives %s', (_api, drive) => {
  it('gets the answer, a repeated header joined with ", "', async () => {
    const client = await clientDriving(drive.answer);
    const { data, headers, meta } = await client.tareas.list().withResponse();
    expect(data).toEqual([]);
    expect(meta.requestId).toBe('req-either-api');
    expect(headers['x-seen']).toBe('one, two');
  });

  it('is told to abort the request when the deadline passes', async () => {
    const { LoyaltyTimeoutError } = await import('../../src/index.js');
    const aborted: string[] = [];
    const client = await clientDriving((handler) =>
      drive.start(handler, (reason) => aborted.push(String(reason?.name))),
    );
    await expect(client.tareas.list()).rejects.toBeInstanceOf(LoyaltyTimeoutError);
    expect(aborted).toEqual(['TransportTimeoutError']);
  });
});

const BUILT_ENTRY = join(import.meta.dirname, '..', '..', 'dist', 'index.js');

describe("Node's built-in undici as undici's global dispatcher", () => {
  it("carries the default transport's calls when a fetch made it the global before the SDK loaded undici", async () => {
    if (!existsSync(BUILT_ENTRY)) throw new Error(`${BUILT_ENTRY} is missing: run \`npm run build\` first`);
    const child = join(import.meta.dirname, 'built-in-undici-child.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [child, BUILT_ENTRY]);
    expect(JSON.parse(stdout)).toMatchObject({
      globalIsBuiltIn: true,
      stillTheGlobal: true,
      data: [],
      requestId: 'req-built-in',
      seen: 'one, two',
    });
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
    useFakeClock();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const call = rejectionOf(client.tareas.list());
    await expectSettledAt(100, call);
    expect(await call).toBeInstanceOf(LoyaltyTimeoutError);
  });
});
