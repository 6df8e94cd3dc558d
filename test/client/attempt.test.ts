import { describe, expect, it } from 'vitest';
import { sendAttempt } from '../../src/client/attempt.js';
import { levelled } from '../../src/client/logger.js';
import { resolveClientOptions } from '../../src/client/options.js';
import { type PreparedCall, prepareCall } from '../../src/client/prepare.js';
import { DEFAULT_RETRY_POLICY } from '../../src/client/retry.js';
import {
  type Transport,
  type TransportRequest,
  type TransportResponse,
  TransportTimeoutError,
} from '../../src/client/transport.js';
import { LoyaltyAbortError, LoyaltyConnectionError, LoyaltyTimeoutError } from '../../src/index.js';
import { tableOperation } from '../../src/operations/table.js';
import { rejection } from '../support/stub-server.js';

const KEY = 'attempt-test-key-0123456789';
const options = resolveClientOptions({ apiKey: KEY, baseUrl: 'https://api.example.test', logLevel: 'off' });

function callWith(signal?: AbortSignal): PreparedCall {
  return prepareCall(
    { options, policy: DEFAULT_RETRY_POLICY },
    tableOperation('clientes.puntos.add'),
    { params: { uid: 'u-1' }, body: { puntos: 5 } },
    { idempotencyKey: 'attempt-key-0001', timeoutMs: 250, signal },
  );
}

/** A transport that records what it is asked to send and answers with `answer`. */
function recording(answer: (request: TransportRequest) => Promise<TransportResponse>) {
  const sent: TransportRequest[] = [];
  const transport: Transport = (request) => {
    sent.push(request);
    return answer(request);
  };
  return { sent, context: { options, transport, logger: levelled(console, 'off', KEY) } };
}

const answer = (status: number): TransportResponse => ({ status, headers: {}, text: 'as sent' });
const failWith = (error: unknown) => recording(() => Promise.reject(error));

describe('sendAttempt', () => {
  it('hands the prepared call to the transport as it is', async () => {
    const { sent, context } = recording(async () => answer(200));
    const call = callWith();
    await sendAttempt(context, call, 1);
    expect(sent).toEqual([
      {
        method: 'POST',
        origin: 'https://api.example.test',
        path: '/ext/v3/clientes/u-1/puntos',
        headers: call.headers,
        body: '{"puntos":5}',
        timeoutMs: 250,
        signal: undefined,
        maxResponseBytes: call.maxResponseBytes,
      },
    ]);
  });

  it('returns an answer of any status as it is: decoding is the next step', async () => {
    const { context } = recording(async () => answer(503));
    await expect(sendAttempt(context, callWith(), 1)).resolves.toEqual(answer(503));
  });

  it('turns a timeout into LoyaltyTimeoutError carrying the key and the attempt', async () => {
    const { context } = failWith(new TransportTimeoutError('deadline'));
    const error = await rejection(sendAttempt(context, callWith(), 2));
    expect(error).toBeInstanceOf(LoyaltyTimeoutError);
    expect((error as LoyaltyTimeoutError).idempotencyKey).toBe('attempt-key-0001');
    expect((error as Error).message).toContain('timed out after 250 ms (attempt 2)');
  });

  it('turns any other failure into LoyaltyConnectionError naming the host and the cause', async () => {
    const { context } = failWith(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const error = await rejection(sendAttempt(context, callWith(), 1));
    expect(error).toBeInstanceOf(LoyaltyConnectionError);
    expect(error).not.toBeInstanceOf(LoyaltyTimeoutError);
    expect((error as Error).message).toBe(
      'clientes.puntos.add: no answer from api.example.test: socket hang up (ECONNRESET)',
    );
  });

  it.each([
    [
      'a line break in its message',
      Object.assign(new Error('bad\nthing\n'), { code: 'EPROTO' }),
      'bad thing (EPROTO)',
    ],
    [
      'a line break in its cause',
      new TypeError('fetch failed', { cause: Object.assign(new Error('one\r\n two'), { code: 'EX' }) }),
      'fetch failed: one two (EX)',
    ],
    [
      "OpenSSL's fields (library, reason) in place of its raw message",
      Object.assign(
        new Error('80AC:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:x.c:1:\n'),
        {
          code: 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
          library: 'SSL routines',
          reason: 'sslv3 alert handshake failure',
        },
      ),
      'SSL routines: sslv3 alert handshake failure (ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE)',
    ],
  ])('a connection failure with %s gives a one-line message', async (_label, failure, said) => {
    const error = await rejection(sendAttempt(failWith(failure).context, callWith(), 1));
    expect((error as Error).message).toBe(`clientes.puntos.add: no answer from api.example.test: ${said}`);
  });

  it("turns a failure after the caller's signal fired into LoyaltyAbortError", async () => {
    const controller = new AbortController();
    const { context } = recording(() => {
      controller.abort();
      return Promise.reject(new Error('aborted'));
    });
    await expect(sendAttempt(context, callWith(controller.signal), 1)).rejects.toBeInstanceOf(
      LoyaltyAbortError,
    );
  });

  it('sends nothing when the signal has already fired', async () => {
    const { sent, context } = recording(async () => answer(200));
    await expect(sendAttempt(context, callWith(AbortSignal.abort()), 1)).rejects.toBeInstanceOf(
      LoyaltyAbortError,
    );
    expect(sent).toEqual([]);
  });
});
