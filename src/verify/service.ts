import type { Dispatcher } from 'undici';
import type { ApiUrl } from '../client/base-url.js';
import { TransportTimeoutError, TransportTooLargeError } from '../client/transport.js';
import { undiciTransport } from '../client/undici-transport.js';
import { answerOf, type ProbeAnswer } from './answer.js';
import { createPacer, type VerifyClock } from './pacer.js';
import type { Probe } from './probe.js';
import { type Found, wireRequest } from './request.js';
import type { SentRequest } from './types.js';

/**
 * No answer: why, in words that never hold the key. `timeout`: the deadline passed (a service that
 * holds one probe would hold each); `too-large`: the answer was over the limit and not read on.
 */
export interface NoAnswer {
  error: string;
  kind: 'failed' | 'timeout' | 'too-large';
}

/**
 * The service under test: sends probes with the run's key, paced, each one recorded. `unpaced`:
 * the sandbox burst alone, which is bounded in count instead (sandbox/burst.ts).
 */
export interface ServiceTarget {
  send(probe: Probe, found: Found, how?: { unpaced: boolean }): Promise<ProbeAnswer | NoAnswer>;
  readonly requests: SentRequest[];
}

/** The cause of a failed request without the request's headers: a code and a message. */
function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && message !== '')
    return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  return typeof code === 'string' ? code : 'no answer';
}

/** The option that sets a limit, named in the sentence so the user knows what to change. */
function noAnswerOf(error: unknown, timeoutMs: number): NoAnswer {
  if (error instanceof TransportTimeoutError)
    return { kind: 'timeout', error: `no complete answer within ${timeoutMs} ms (timeoutMs)` };
  if (error instanceof TransportTooLargeError)
    return { kind: 'too-large', error: `answer over ${error.limitBytes} bytes, not read further` };
  return { kind: 'failed', error: describeError(error) };
}

export function createServiceTarget(options: {
  api: ApiUrl;
  apiKey: string;
  maxRequestsPerSecond: number;
  timeoutMs: number;
  maxResponseBytes: number;
  dispatcher: Dispatcher | undefined;
  signal: AbortSignal | undefined;
  clock: VerifyClock;
}): ServiceTarget {
  const pace = createPacer(options.maxRequestsPerSecond, options.signal, options.clock);
  // The client's transport: its deadline covers headers and body, it reads at most the limit, and
  // it follows no redirect, one rule for the SDK and for verify.
  const transport = undiciTransport(options.dispatcher);
  const requests: SentRequest[] = [];
  const send: ServiceTarget['send'] = async (probe, found, how) => {
    const wire = wireRequest(probe, options.api.basePath, found, options.apiKey);
    if (how?.unpaced) options.signal?.throwIfAborted();
    else await pace();
    const started = performance.now();
    const record: SentRequest = {
      method: wire.method,
      path: wire.shownPath,
      purpose: probe.purpose,
      status: null,
      durationMs: 0,
    };
    requests.push(record);
    try {
      const response = await transport({
        method: wire.method,
        origin: options.api.origin,
        path: wire.path,
        headers: wire.headers,
        body: wire.body,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        maxResponseBytes: options.maxResponseBytes,
      });
      record.status = response.status;
      return answerOf(response.status, response.headers, response.text);
    } catch (error) {
      options.signal?.throwIfAborted();
      return noAnswerOf(error, options.timeoutMs);
    } finally {
      record.durationMs = Math.round(performance.now() - started);
    }
  };
  return { send, requests };
}
