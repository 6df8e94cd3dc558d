import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  type ClientOptions,
  ConflictError,
  InternalServerError,
  LoyaltyAbortError,
  LoyaltyApiError,
  LoyaltyClient,
  LoyaltyConnectionError,
  LoyaltyError,
  LoyaltyTimeoutError,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { capturingLogger } from '../support/capturing-logger.js';
import {
  clientFor,
  destroy,
  failure,
  type Reply,
  rejection,
  type StubServer,
  stallBody,
  text,
  useStub,
} from '../support/stub-server.js';

const stub = useStub();

/** A key of its own for this file: long, distinctive, with a telling middle part. */
const KEY = 'lk_live_S3CRET-MIDDLE-c0ffee-Z9y8X7w6';
const KEY_PARTS = [KEY, 'S3CRET-MIDDLE', 'c0ffee-Z9y8'];

function expectNoKey(text: string) {
  for (const part of KEY_PARTS) expect(text).not.toContain(part);
}

/** Every way an error is turned into text. */
function renderings(error: unknown): Record<string, string> {
  const e = error as Error;
  return {
    message: e.message,
    stack: String(e.stack),
    toString: e.toString(),
    String: String(e),
    template: `${e}`,
    JSON: JSON.stringify(e),
    // How pino and winston serialize an error: its own fields, `headers` and `body` among them.
    spread: JSON.stringify({ ...e }),
    inspect: inspect(e),
    inspectShowHidden: inspect(e, { showHidden: true, depth: Number.POSITIVE_INFINITY }),
    inspectRaw: inspect(e, { customInspect: false, showHidden: true, depth: Number.POSITIVE_INFINITY }),
    inspectCause: inspect(e.cause, { showHidden: true, depth: Number.POSITIVE_INFINITY }),
  };
}

function client(server: StubServer, options: ClientOptions = {}) {
  return clientFor(server, { apiKey: KEY, maxRetries: 0, ...options });
}

type Call = (server: StubServer, options: ClientOptions) => PromiseLike<unknown>;

interface Producer {
  label: string;
  errorClass: new (...args: never[]) => LoyaltyError;
  /** What the stub answers, when the call reaches it. */
  reply?: Reply;
  call: Call;
}

const listTasks: Call = (s, o) => client(s, o).tareas.list();
const addPoints: Call = (s, o) => client(s, o).clientes.puntos.add('u-1', { puntos: 1 });

/**
 * A call to a server that answers with a header line HTTP forbids, then the request's `apikey`
 * header echoed: undici's parse error keeps the bytes after the bad line as its `data`.
 */
const malformedEcho: Call = async (_s, o) => {
  const server = createServer((socket) =>
    socket.once('data', (request) => {
      const echoed = /^apikey: (.*)$/im.exec(request.toString())?.[1]?.trim();
      socket.end(`HTTP/1.1 200 OK\r\nBad Header\u0001: x\r\nx-echo: ${echoed}\r\ncontent-length: 0\r\n\r\n`);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    return await new LoyaltyClient({
      apiKey: KEY,
      baseUrl: `http://127.0.0.1:${port}`,
      maxRetries: 0,
      ...o,
    }).tareas.list();
  } finally {
    server.close();
  }
};

/** One call per kind of error the SDK throws; `options` adds e.g. a debug logger. */
const producers: Producer[] = [
  {
    label: 'validation',
    errorClass: LoyaltyValidationError,
    call: (s, o) => client(s, o).clientes.puntos.add('u-1', { puntos: 0 }),
  },
  {
    label: 'idempotencyKey validation',
    errorClass: LoyaltyValidationError,
    call: (s, o) => client(s, o).clientes.puntos.add('u-1', { puntos: 1 }, { idempotencyKey: 'bad key' }),
  },
  {
    label: 'option (reserved header)',
    errorClass: LoyaltyError,
    call: (s, o) => client(s, o).tareas.list({ headers: { apikey: KEY } }),
  },
  {
    label: '400',
    errorClass: BadRequestError,
    reply: failure(400, { details: [{ in: 'body', name: 'x' }] }),
    call: listTasks,
  },
  {
    label: '401',
    errorClass: AuthenticationError,
    reply: failure(401, { codigoRespuesta: 9501 }),
    call: listTasks,
  },
  {
    label: '403',
    errorClass: PermissionDeniedError,
    reply: failure(403, { meta: { requiredScope: 'tareas:read' } }),
    call: listTasks,
  },
  { label: '404', errorClass: NotFoundError, reply: failure(404), call: listTasks },
  { label: '409', errorClass: ConflictError, reply: failure(409), call: addPoints },
  {
    label: '422',
    errorClass: UnprocessableEntityError,
    reply: failure(422, { meta: { legacy: { codigo: 'X' } } }),
    call: listTasks,
  },
  {
    label: '429',
    errorClass: RateLimitError,
    reply: failure(429, {}, { 'retry-after': '3' }),
    call: listTasks,
  },
  { label: '500', errorClass: InternalServerError, reply: failure(500), call: listTasks },
  {
    label: '502 not JSON',
    errorClass: InternalServerError,
    reply: text(502, 'Bad Gateway'),
    call: listTasks,
  },
  { label: '200 not an envelope', errorClass: LoyaltyApiError, reply: text(200, 'hola'), call: listTasks },
  {
    label: '500 echoing the key in a header',
    errorClass: InternalServerError,
    reply: failure(500, {}, { 'x-echo': KEY }),
    call: listTasks,
  },
  {
    label: '200 not an envelope echoing the key in a header',
    errorClass: LoyaltyApiError,
    reply: text(200, 'hola', { 'x-echo': `apikey=${KEY}` }),
    call: listTasks,
  },
  {
    label: '502 not JSON echoing the key in its content type and body',
    errorClass: InternalServerError,
    reply: text(502, `<p>apikey: ${KEY}</p>`, { 'content-type': `text/html; echo=${KEY}` }),
    call: listTasks,
  },
  {
    label: 'connection (socket destroyed)',
    errorClass: LoyaltyConnectionError,
    reply: destroy(),
    call: addPoints,
  },
  {
    label: 'connection (refused)',
    errorClass: LoyaltyConnectionError,
    call: (_s, o) =>
      new LoyaltyClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1', maxRetries: 0, ...o }).tareas.list(),
  },
  {
    label: 'connection (malformed answer echoing the key)',
    errorClass: LoyaltyConnectionError,
    call: malformedEcho,
  },
  {
    label: 'connection (malformed answer echoing the key, through fetch)',
    errorClass: LoyaltyConnectionError,
    call: (s, o) => malformedEcho(s, { fetch: globalThis.fetch, ...o }),
  },
  {
    label: 'timeout',
    errorClass: LoyaltyTimeoutError,
    reply: stallBody(),
    call: (s, o) => client(s, { timeoutMs: 200, ...o }).tareas.list(),
  },
  {
    label: 'abort',
    errorClass: LoyaltyAbortError,
    call: (s, o) => client(s, o).tareas.list({ signal: AbortSignal.abort() }),
  },
];

/** Makes the producer's call, with the stub primed, and returns its error. */
async function produce(producer: Producer, options: ClientOptions): Promise<unknown> {
  if (producer.reply) stub.script(producer.reply);
  const error = await rejection(producer.call(stub, options));
  expect(error).toBeInstanceOf(producer.errorClass);
  return error;
}

describe('the API key never leaks from errors', () => {
  it.each(producers)(
    '$label error: not in message, toString, JSON, its fields spread, inspect (showHidden, raw) or cause',
    async (producer) => {
      const error = await produce(producer, { logLevel: 'off' });
      for (const [how, rendered] of Object.entries(renderings(error))) {
        expect({ how, leaked: KEY_PARTS.some((part) => rendered.includes(part)) }).toEqual({
          how,
          leaked: false,
        });
      }
    },
  );

  it('not when the key itself is refused at construction (control character)', () => {
    let error: unknown;
    try {
      new LoyaltyClient({ apiKey: `${KEY}\n`, baseUrl: stub.baseUrl });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LoyaltyError);
    for (const rendered of Object.values(renderings(error))) expectNoKey(rendered);
  });

  it('not when an unknown option is refused (apikey instead of apiKey)', () => {
    let error: unknown;
    try {
      new LoyaltyClient({ apikey: KEY, baseUrl: stub.baseUrl } as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LoyaltyError);
    for (const rendered of Object.values(renderings(error))) expectNoKey(rendered);
  });
});

describe('the API key never leaks from the client', () => {
  it('util.inspect(client) shows the settings, not the key', () => {
    const c = client(stub);
    const shown = inspect(c);
    expect(shown).toContain(`${stub.baseUrl}/ext/v3`);
    expectNoKey(shown);
  });

  it('util.inspect(client) with showHidden and depth does not show the key', () => {
    expectNoKey(inspect(client(stub), { showHidden: true, depth: Number.POSITIVE_INFINITY }));
  });

  it('util.inspect of the client and its resources without custom inspect does not show the key', () => {
    const c = client(stub);
    expectNoKey(inspect(c, { customInspect: false, showHidden: true, depth: Number.POSITIVE_INFINITY }));
    expectNoKey(inspect(c.clientes.puntos, { showHidden: true, depth: Number.POSITIVE_INFINITY }));
  });

  it('JSON.stringify(client) does not show the key', () => {
    const shown = JSON.stringify(client(stub));
    expect(JSON.parse(shown)).toMatchObject({ apiUrl: `${stub.baseUrl}/ext/v3` });
    expectNoKey(shown);
  });

  it('String(client) and Object.values(client) do not show the key', () => {
    const c = client(stub);
    expectNoKey(String(c));
    expectNoKey(inspect(Object.values(c), { depth: 4 }));
  });
});

describe('the API key never leaks into logs at logLevel debug', () => {
  it('a successful call logs the request with the key masked as **** + last 4', async () => {
    const { logger, lines, text } = capturingLogger();
    await client(stub, { logger, logLevel: 'debug' }).clientes.puntos.add('u-1', { puntos: 1 });
    const debug = lines.filter((line) => line.level === 'debug');
    expect(debug.length).toBeGreaterThan(0);
    const headers = (debug[0]?.args[1] as { headers: Record<string, string> } | undefined)?.headers;
    expect(headers).toBeDefined();
    expect(headers?.apikey).toBe(`****${KEY.slice(-4)}`);
    expectNoKey(text());
  });

  it('a short key is masked completely (no last 4)', async () => {
    const { logger, lines, text } = capturingLogger();
    await clientFor(stub, { apiKey: 'short-k3y', logger, logLevel: 'debug' }).tareas.list();
    const debug = lines.find((line) => line.level === 'debug');
    expect((debug?.args[1] as { headers: Record<string, string> } | undefined)?.headers.apikey).toBe('****');
    expect(text()).not.toContain('short-k3y');
  });

  it.each(producers)('a call failing with a $label error logs nothing of the key', async (producer) => {
    const { logger, text } = capturingLogger();
    await produce(producer, { logger, logLevel: 'debug' });
    expectNoKey(text());
  });

  it('retries log their reason without the key', async () => {
    const { logger, lines, text } = capturingLogger();
    stub.script(failure(503, {}, { 'retry-after': '0' }));
    await client(stub, { logger, logLevel: 'debug', maxRetries: 1 }).tareas.list();
    expect(lines.some((line) => line.level === 'warn' && String(line.args[0]).includes('retrying'))).toBe(
      true,
    );
    expectNoKey(text());
  });

  it('the key is scrubbed even from a message that would quote it (key echoed in the URL)', async () => {
    const { logger, text } = capturingLogger();
    await client(stub, { logger, logLevel: 'debug' }).clientes.puntos.list(KEY);
    expect(stub.only.url).toBe(`/ext/v3/clientes/${KEY}/puntos`);
    expect(text()).toContain(`/ext/v3/clientes/****${KEY.slice(-4)}/puntos`);
    expectNoKey(text());
  });

  it('the key is scrubbed from logged headers even when the caller also sends it in another header', async () => {
    const { logger, lines, text } = capturingLogger();
    await client(stub, { logger, logLevel: 'debug', defaultHeaders: { 'x-gateway-key': KEY } }).tareas.list({
      headers: { 'x-echo': `Bearer ${KEY}` },
    });
    expect(stub.only.headers['x-gateway-key']).toBe(KEY);
    const debug = lines.find((line) => line.level === 'debug');
    const headers = (debug?.args[1] as { headers: Record<string, string> } | undefined)?.headers;
    expect(headers?.['x-gateway-key']).toBe(`****${KEY.slice(-4)}`);
    expect(headers?.['x-echo']).toBe(`Bearer ****${KEY.slice(-4)}`);
    expectNoKey(text());
  });
});
