import { MockAgent } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  type ClientOptions,
  LoyaltyClient,
  LoyaltyConnectionError,
  LoyaltyError,
  NotFoundError,
} from '../../src/index.js';
import { API_PREFIX, operations, SUCCESS_MESSAGE } from '../../src/operations/index.js';
import { capturingLogger } from '../support/capturing-logger.js';
import {
  clientFor,
  failure,
  rejection,
  SUCCESS_META,
  success,
  TEST_KEY,
  text,
  useStub,
} from '../support/stub-server.js';

const stub = useStub();

afterEach(() => {
  vi.unstubAllEnvs();
});

const ENVELOPE = { codigoRespuesta: 0, msj: SUCCESS_MESSAGE, data: { ok: 'fake' }, meta: SUCCESS_META };

function constructionError(options: unknown): LoyaltyError {
  try {
    new LoyaltyClient(options as ClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(LoyaltyError);
    return error as LoyaltyError;
  }
  throw new Error('expected the constructor to throw');
}

describe('apiKey', () => {
  it('missing, with no LOYALTY_API_KEY, throws LoyaltyError naming both', () => {
    vi.stubEnv('LOYALTY_API_KEY', undefined);
    expect(constructionError({ baseUrl: stub.baseUrl }).message).toBe(
      'Missing API key: pass apiKey or set LOYALTY_API_KEY',
    );
  });

  it('blank throws LoyaltyError', () => {
    vi.stubEnv('LOYALTY_API_KEY', undefined);
    expect(constructionError({ apiKey: '   ', baseUrl: stub.baseUrl }).message).toContain('Missing API key');
  });

  it.each([
    ['a number', 12345, 'a number'],
    ['a boolean', true, 'a boolean'],
    ['an object', { key: 'lk_live_in_an_object' }, 'an object'],
  ])('given as %s throws LoyaltyError saying it must be a string, without echoing it', (_l, apiKey, got) => {
    const { message } = constructionError({ apiKey, baseUrl: stub.baseUrl });
    expect(message).toBe(`apiKey must be a string, got ${got}: pass the key itself or set LOYALTY_API_KEY`);
    expect(message).not.toMatch(/12345|lk_live/);
  });

  it('defaults to LOYALTY_API_KEY, and baseUrl to LOYALTY_BASE_URL', async () => {
    vi.stubEnv('LOYALTY_API_KEY', 'env-key-0123456789abcdef');
    vi.stubEnv('LOYALTY_BASE_URL', stub.baseUrl);
    await new LoyaltyClient({ logLevel: 'off' }).tareas.list();
    expect(stub.only.headers.apikey).toBe('env-key-0123456789abcdef');
    expect(stub.only.url).toBe('/ext/v3/tareas');
  });

  it('given as an option wins over LOYALTY_API_KEY', async () => {
    vi.stubEnv('LOYALTY_API_KEY', 'env-key-0123456789abcdef');
    await clientFor(stub, { apiKey: 'option-key-9876543210' }).tareas.list();
    expect(stub.only.headers.apikey).toBe('option-key-9876543210');
  });
});

describe('baseUrl', () => {
  const variants: [string, (base: string) => string][] = [
    ['without a trailing slash', (base) => base],
    ['with a trailing slash', (base) => `${base}/`],
    ['with /ext/v3', (base) => `${base}/ext/v3`],
    ['with /ext/v3/', (base) => `${base}/ext/v3/`],
  ];

  it.each(variants)('%s gives the same URLs', async (_label, make) => {
    const client = clientFor(stub, { baseUrl: make(stub.baseUrl) });
    expect(client.apiUrl).toBe(`${stub.baseUrl}/ext/v3`);
    await client.clientes.puntos.list('u-1');
    expect(stub.only.url).toBe('/ext/v3/clientes/u-1/puntos');
  });

  it('keeps a path prefix of the base URL (a gateway)', async () => {
    await clientFor(stub, { baseUrl: `${stub.baseUrl}/gateway/` }).tareas.list();
    expect(stub.only.url).toBe('/gateway/ext/v3/tareas');
  });

  it('missing, with no LOYALTY_BASE_URL, throws LoyaltyError', () => {
    vi.stubEnv('LOYALTY_BASE_URL', undefined);
    expect(constructionError({ apiKey: TEST_KEY }).message).toContain('LOYALTY_BASE_URL');
  });

  it.each([['localhost:4010'], ['api.example.com'], ['127.0.0.1:4010/gateway/ext/v3']])(
    'without a scheme (%s) throws LoyaltyError saying to write http:// or https://',
    (baseUrl) => {
      expect(constructionError({ apiKey: TEST_KEY, baseUrl }).message).toBe(
        `baseUrl "${baseUrl}" has no scheme: write http://${baseUrl} or https://${baseUrl}`,
      );
    },
  );

  it.each([
    ['not a URL', '//api.example.com'],
    ['not http(s)', 'ftp://api.example.com'],
    ['with a query', 'https://api.example.com/?x=1'],
    ['with a fragment', 'https://api.example.com/#top'],
  ])('%s throws LoyaltyError', (_label, baseUrl) => {
    constructionError({ apiKey: TEST_KEY, baseUrl });
  });
});

describe('option names', () => {
  it('an unknown option apikey throws LoyaltyError suggesting apiKey', () => {
    expect(constructionError({ apikey: TEST_KEY, baseUrl: stub.baseUrl }).message).toBe(
      'Unknown LoyaltyClient option "apikey"; did you mean "apiKey"?',
    );
  });

  it('an unknown option baseURL throws LoyaltyError suggesting baseUrl', () => {
    expect(constructionError({ apiKey: TEST_KEY, baseURL: stub.baseUrl }).message).toContain(
      'did you mean "baseUrl"?',
    );
  });

  it('an unknown option with no near name lists the known ones', () => {
    expect(constructionError({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, verbose: true }).message).toContain(
      'Known: apiKey, baseUrl, timeoutMs, maxResponseBytes, maxRetries',
    );
  });

  it.each([
    ['timeout', 'the start of timeoutMs'],
    ['timout', 'one edit from the start of timeoutMs'],
    ['timeoutMS', 'timeoutMs in other case'],
  ])('an unknown option %s (%s) throws LoyaltyError suggesting timeoutMs', (name) => {
    expect(constructionError({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, [name]: 5 }).message).toBe(
      `Unknown LoyaltyClient option "${name}"; did you mean "timeoutMs"?`,
    );
  });

  it('an unknown request option throws LoyaltyError suggesting the near one, and sends nothing', async () => {
    const error = await rejection(clientFor(stub).tareas.list({ idempotencykey: 'k' } as never));
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as LoyaltyError).message).toBe(
      'Unknown request option "idempotencykey"; did you mean "idempotencyKey"?',
    );
    expect(stub.count).toBe(0);
  });

  it.each([
    ['timeoutMs 0', { timeoutMs: 0 }],
    ['timeoutMs NaN', { timeoutMs: Number.NaN }],
    ['maxRetries -1', { maxRetries: -1 }],
    ['maxRetries 1.5', { maxRetries: 1.5 }],
    ['logLevel verbose', { logLevel: 'verbose' }],
    ['fetch not a function', { fetch: 'fetch' }],
  ])('%s throws LoyaltyError', (_label, options) => {
    constructionError({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, ...options });
  });

  it('fetch and dispatcher together throw LoyaltyError', () => {
    const agent = new MockAgent();
    expect(
      constructionError({
        apiKey: TEST_KEY,
        baseUrl: stub.baseUrl,
        fetch: globalThis.fetch,
        dispatcher: agent,
      }).message,
    ).toBe('Give either fetch or dispatcher, not both');
  });
});

describe('fetch option', () => {
  interface FetchCall {
    url: string;
    init: RequestInit;
  }

  function fakeFetch(answer: () => Response) {
    const calls: FetchCall[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    };
    return { fetch, calls };
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends through the given fetch: URL, method, headers and body', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, ENVELOPE));
    const client = new LoyaltyClient({ apiKey: TEST_KEY, baseUrl: 'https://api.example.test', fetch });
    const data = await client.clientes.puntos.add('a/b', { puntos: 7, motivo: 'fetch' });
    expect(data).toEqual({ ok: 'fake' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://api.example.test/ext/v3/clientes/a%2Fb/puntos');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"puntos":7,"motivo":"fetch"}');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers.apikey).toBe(TEST_KEY);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.init.signal).toBeInstanceOf(AbortSignal);
    expect(stub.count).toBe(0);
  });

  it('maps an error status answered through fetch', async () => {
    const { fetch } = fakeFetch(() => json(404, { codigoRespuesta: 9404, msj: 'no existe', meta: {} }));
    const client = new LoyaltyClient({ apiKey: TEST_KEY, baseUrl: 'https://api.example.test', fetch });
    await expect(client.clientes.retrieve('nadie')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('turns a rejected fetch into LoyaltyConnectionError', async () => {
    const fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const client = new LoyaltyClient({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.example.test',
      fetch,
      maxRetries: 0,
    });
    await expect(client.tareas.list()).rejects.toBeInstanceOf(LoyaltyConnectionError);
  });
});

describe('dispatcher option', () => {
  it('sends through the given undici dispatcher (MockAgent)', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const seen: { headers: unknown; body: unknown }[] = [];
    agent
      .get('https://api.example.test')
      .intercept({ path: '/ext/v3/grupos/5/etiquetas', method: 'POST' })
      .reply((request) => {
        seen.push({ headers: request.headers, body: request.body });
        return {
          statusCode: 200,
          data: ENVELOPE,
          responseOptions: { headers: { 'content-type': 'application/json' } },
        };
      });
    const client = new LoyaltyClient({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.example.test',
      dispatcher: agent,
    });
    const data = await client.grupos.etiquetas.add(5, { etiqueta: 'vip', dryRun: true });
    expect(data).toEqual({ ok: 'fake' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.body).toBe('{"dryRun":true,"etiqueta":"vip"}');
    expect((seen[0]?.headers as Record<string, string> | undefined)?.apikey).toBe(TEST_KEY);
    agent.assertNoPendingInterceptors();
    expect(stub.count).toBe(0);
    await agent.close();
  });

  it('matches the apikey header in a MockAgent interceptor', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://api.example.test')
      .intercept({ path: '/ext/v3/tareas', method: 'GET', headers: { apikey: TEST_KEY } })
      .reply(200, ENVELOPE, { headers: { 'content-type': 'application/json' } });
    const client = new LoyaltyClient({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.example.test',
      dispatcher: agent,
    });
    await expect(client.tareas.list()).resolves.toEqual({ ok: 'fake' });
    agent.assertNoPendingInterceptors();
    await agent.close();
  });
});

describe('logger and logLevel', () => {
  it("'off' logs nothing, even for failures and retries", async () => {
    const { logger, lines } = capturingLogger();
    stub.script(failure(503, {}, { 'retry-after': '0' }), failure(404));
    await rejection(clientFor(stub, { logger, logLevel: 'off' }).tareas.list());
    await clientFor(stub, { logger, logLevel: 'off' }).tareas.list();
    expect(stub.count).toBe(3);
    expect(lines).toEqual([]);
  });

  it("'debug' logs each request with its method, URL and attempt", async () => {
    const { logger, lines } = capturingLogger();
    await clientFor(stub, { logger, logLevel: 'debug' }).tareas.list();
    const debug = lines.filter((line) => line.level === 'debug').map((line) => line.args[0]);
    expect(debug).toEqual([`loyalty-sdk -> GET ${stub.baseUrl}/ext/v3/tareas (attempt 1)`]);
  });

  it("'debug' also logs the answer status at info", async () => {
    const { logger, lines } = capturingLogger();
    await clientFor(stub, { logger, logLevel: 'debug' }).tareas.list();
    expect(lines.filter((line) => line.level === 'info').map((line) => line.args[0])).toEqual([
      'loyalty-sdk <- 200 tareas.list',
    ]);
  });

  it("'info' logs retries but not requests", async () => {
    const { logger, lines } = capturingLogger();
    stub.script(failure(503, {}, { 'retry-after': '0' }));
    await clientFor(stub, { logger, logLevel: 'info' }).tareas.list();
    expect(lines.some((line) => line.level === 'debug')).toBe(false);
    expect(lines.filter((line) => String(line.args[0]).includes('retrying in 0 ms'))).toHaveLength(1);
  });

  it("'warn' logs nothing for a successful call", async () => {
    const { logger, lines } = capturingLogger();
    await clientFor(stub, { logger, logLevel: 'warn' }).tareas.list();
    expect(lines).toEqual([]);
  });

  it('defaults logLevel to LOYALTY_LOG', async () => {
    vi.stubEnv('LOYALTY_LOG', 'debug');
    const { logger, lines } = capturingLogger();
    await new LoyaltyClient({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, logger }).tareas.list();
    expect(lines.some((line) => line.level === 'debug')).toBe(true);
  });
});

describe('headers', () => {
  it('defaultHeaders are sent on every request', async () => {
    const client = clientFor(stub, { defaultHeaders: { 'X-Tenant': 'acme' } });
    await client.tareas.list();
    await client.clientes.puntos.add('u-1', { puntos: 1 });
    expect(stub.requests.map((request) => request.headers['x-tenant'])).toEqual(['acme', 'acme']);
  });

  it('request headers override defaultHeaders of the same name', async () => {
    await clientFor(stub, { defaultHeaders: { 'x-tenant': 'acme' } }).tareas.list({
      headers: { 'X-Tenant': 'other' },
    });
    expect(stub.only.headers['x-tenant']).toBe('other');
  });

  it('sends Accept: application/json and a loyalty-sdk User-Agent by default', async () => {
    await clientFor(stub).tareas.list();
    expect(stub.only.headers.accept).toBe('application/json');
    expect(stub.only.headers['user-agent']).toMatch(/^loyalty-sdk\/\S+ node\/\S+$/);
  });

  it('defaultHeaders may replace the User-Agent', async () => {
    await clientFor(stub, { defaultHeaders: { 'User-Agent': 'my-app/1.0' } }).tareas.list();
    expect(stub.only.headers['user-agent']).toBe('my-app/1.0');
  });
});

describe('client.help()', () => {
  it("help('clientes.puntos.add') requests ?help=true with POST and returns the text", async () => {
    stub.script(text(200, 'clientes.puntos.add: Add or remove points of a customer\n'));
    const help = await clientFor(stub).help('clientes.puntos.add');
    expect(help).toBe('clientes.puntos.add: Add or remove points of a customer\n');
    expect(stub.only.method).toBe('POST');
    expect(stub.only.url).toBe('/ext/v3/clientes/%7Buid%7D/puntos?help=true');
    expect(stub.only.headers.apikey).toBe(TEST_KEY);
    expect(stub.only.headers.accept).toBe('text/plain');
  });

  it.each(operations)(
    "help('$id') uses $method on the operation's path with ?help=true",
    async (operation) => {
      stub.script(text(200, `help of ${operation.id}`));
      await expect(clientFor(stub).help(operation.id)).resolves.toBe(`help of ${operation.id}`);
      expect(stub.only.method).toBe(operation.method);
      expect(decodeURIComponent(stub.only.url)).toBe(`${API_PREFIX}${operation.path}?help=true`);
    },
  );

  it('sends no body, no Content-Type and no Idempotency-Key', async () => {
    await clientFor(stub).help('clientes.create');
    expect(stub.only.body).toBe('');
    expect(stub.only.headers).not.toHaveProperty('content-type');
    expect(stub.only.headers).not.toHaveProperty('idempotency-key');
  });

  it('rejects an unknown operation id with LoyaltyError and sends nothing', async () => {
    const error = await rejection(clientFor(stub).help('clientes.borrar' as never));
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as LoyaltyError).message).toContain('clientes.borrar');
    expect(stub.count).toBe(0);
  });

  it.each([
    ['clientes.retreive', 'clientes.retrieve'],
    ['clientes.puntos.ad', 'clientes.puntos.add'],
    ['Tareas.List', 'tareas.list'],
  ])(
    'rejects the misspelt id %s naming the nearest one, %s, as the command line does',
    async (typed, near) => {
      const error = await rejection(clientFor(stub).help(typed as never));
      expect((error as LoyaltyError).message).toBe(
        `Unknown operation "${typed}"; did you mean ${near}? (ids are method paths such as 'clientes.puntos.add')`,
      );
      expect(stub.count).toBe(0);
    },
  );

  it('names no id when none is near', async () => {
    const error = await rejection(clientFor(stub).help('clientes.borrar' as never));
    expect((error as LoyaltyError).message).toBe(
      `Unknown operation "clientes.borrar" (ids are method paths such as 'clientes.puntos.add')`,
    );
  });

  it('maps a failure answer (401) to its error class', async () => {
    stub.script(failure(401, { codigoRespuesta: 9501 }));
    await expect(clientFor(stub).help('tareas.list')).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('resolves with data when the call succeeds after help was read', async () => {
    const client = clientFor(stub);
    stub.script(text(200, 'help'), success({ ok: 1 }));
    await client.help('tareas.list');
    await expect(client.tareas.list()).resolves.toEqual({ ok: 1 });
  });
});
