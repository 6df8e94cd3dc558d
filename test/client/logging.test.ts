/**
 * The logging policy of docs/errors-and-retries.md ("Logging"): the request at debug, each
 * answer at info (status and operation, whatever the status), each retry at warn, and the
 * failure a call ends with at warn, once, with operation, class, status and requestId; an abort
 * at info, since the caller chose it. No line ever holds the key.
 */
import { describe, expect, it } from 'vitest';
import type { ClientOptions, LoyaltyClient } from '../../src/index.js';
import { capturingLogger } from '../support/capturing-logger.js';
import {
  clientFor,
  destroy,
  failure,
  type Reply,
  rejection,
  stallBody,
  success,
  TEST_KEY,
  text,
  useStub,
} from '../support/stub-server.js';

const stub = useStub();

/** A client logging at `logLevel` into a capturing logger; `messages(level)` are the lines at that level. */
function logged(logLevel: ClientOptions['logLevel'], options: ClientOptions = {}) {
  const log = capturingLogger();
  const client = clientFor(stub, { logger: log.logger, logLevel, maxRetries: 0, ...options });
  const messages = (level: string) =>
    log.lines.filter((line) => line.level === level).map((line) => String(line.args[0]));
  return { client, log, messages };
}

const retrieve = (client: LoyaltyClient) => client.clientes.retrieve('cli_0001');

describe('info: each answer, with its status and operation', () => {
  it.each<[number, Reply]>([
    [200, success({ uid: 'cli_0001' })],
    [400, failure(400)],
    [404, failure(404)],
    [422, failure(422)],
    [503, failure(503)],
  ])('an answer %i is logged at info with its status and the operation', async (status, reply) => {
    stub.script(reply);
    const { client, messages } = logged('info');
    await retrieve(client).catch(() => undefined);
    expect(messages('info')).toEqual([`loyalty-sdk <- ${status} clientes.retrieve`]);
  });

  it('every answer of a retried call is logged at info, one line each', async () => {
    stub.script(failure(503, {}, { 'retry-after': '0' }), success());
    const { client, messages } = logged('info', { maxRetries: 1 });
    await retrieve(client);
    expect(messages('info')).toEqual([
      'loyalty-sdk <- 503 clientes.retrieve',
      'loyalty-sdk <- 200 clientes.retrieve',
    ]);
  });

  it('the answer to client.help() is logged at info too', async () => {
    stub.script(text(200, 'help'));
    const { client, messages } = logged('info');
    await client.help('tareas.list');
    expect(messages('info')).toEqual(['loyalty-sdk <- 200 tareas.list help']);
  });
});

describe('warn: each retry', () => {
  it('a retried failure is logged at warn with the attempt, its failure and the wait', async () => {
    stub.script(failure(503, { meta: { requestId: 'rid-retry' } }, { 'retry-after': '0' }));
    const { client, messages } = logged('warn', { maxRetries: 1 });
    await retrieve(client);
    expect(messages('warn')).toEqual([
      expect.stringMatching(
        /^loyalty-sdk: clientes\.retrieve attempt 1 failed \(.*failed with 503.*\[requestId rid-retry\]\); retrying in 0 ms$/,
      ),
    ]);
  });

  it('a retry is not logged at info any more', async () => {
    stub.script(failure(503, {}, { 'retry-after': '0' }));
    const { client, messages } = logged('info', { maxRetries: 1 });
    await retrieve(client);
    expect(messages('info').filter((line) => line.includes('retrying'))).toEqual([]);
  });
});

interface Ending {
  label: string;
  reply?: Reply;
  options?: ClientOptions;
  call: (client: LoyaltyClient) => PromiseLike<unknown>;
  line: RegExp;
}

const endings: Ending[] = [
  {
    label: 'an API error (404)',
    reply: failure(404, { meta: { requestId: 'rid-404' } }),
    call: retrieve,
    line: /^loyalty-sdk: clientes\.retrieve failed after 1 attempt: NotFoundError: .*failed with 404 .*\[requestId rid-404\]$/,
  },
  {
    label: 'a business rule (422)',
    reply: failure(422, { meta: { requestId: 'rid-422' } }),
    call: (client) => client.clientes.puntos.add('cli_0001', { puntos: -5 }),
    line: /^loyalty-sdk: clientes\.puntos\.add failed after 1 attempt: UnprocessableEntityError: .*failed with 422 .*\[requestId rid-422\]$/,
  },
  {
    label: 'a 5xx once its retries are spent',
    reply: failure(503, { meta: { requestId: 'rid-503' } }, { 'retry-after': '0' }),
    options: { maxRetries: 1 },
    call: retrieve,
    line: /^loyalty-sdk: clientes\.retrieve failed after 2 attempts: InternalServerError: .*failed with 503 .*\[requestId rid-503\]$/,
  },
  {
    label: 'a connection failure',
    reply: destroy(),
    call: retrieve,
    line: /^loyalty-sdk: clientes\.retrieve failed after 1 attempt: LoyaltyConnectionError: /,
  },
  {
    label: 'a timeout',
    reply: stallBody(),
    options: { timeoutMs: 150 },
    call: retrieve,
    line: /^loyalty-sdk: clientes\.retrieve failed after 1 attempt: LoyaltyTimeoutError: .*timed out after 150 ms/,
  },
  {
    label: 'input refused before sending',
    call: (client) => client.clientes.puntos.add('cli_0001', { puntos: 0 }),
    line: /^loyalty-sdk: clientes\.puntos\.add failed before sending: LoyaltyValidationError: .*must not be 0/,
  },
];

describe('warn: the failure a call ends with, once per call', () => {
  it.each(endings)('$label is logged once at warn, naming operation and class', async (ending) => {
    if (ending.reply) stub.script(ending.reply, ending.reply);
    const { client, messages } = logged('warn', ending.options);
    await rejection(ending.call(client));
    const endLines = messages('warn').filter((line) => !line.includes('retrying in'));
    expect(endLines).toEqual([expect.stringMatching(ending.line)]);
  });

  it.each(endings)('$label is not logged at logLevel error', async (ending) => {
    if (ending.reply) stub.script(ending.reply, ending.reply);
    const { client, log } = logged('error', ending.options);
    await rejection(ending.call(client));
    expect(log.lines).toEqual([]);
  });

  it("the caller's abort is logged at info, not warn: the caller chose it", async () => {
    const { client, messages } = logged('info');
    await rejection(client.tareas.list({ signal: AbortSignal.abort() }));
    expect(messages('warn')).toEqual([]);
    expect(messages('info')).toEqual([
      expect.stringMatching(/^loyalty-sdk: tareas\.list aborted before sending: LoyaltyAbortError: /),
    ]);
  });
});

describe('the key in log lines', () => {
  it('no line at debug holds the key: request, answers, retry and failure of a call', async () => {
    stub.script(
      failure(503, {}, { 'retry-after': '0' }),
      text(502, `echo apikey: ${TEST_KEY}`, { 'retry-after': '0' }),
    );
    const { client, log, messages } = logged('debug', { maxRetries: 1 });
    await rejection(client.clientes.puntos.list(TEST_KEY));
    expect(messages('warn')).toHaveLength(2);
    expect(log.text()).not.toContain(TEST_KEY);
  });
});
