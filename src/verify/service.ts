import { type Dispatcher, request } from 'undici';
import type { ApiUrl } from '../client/base-url.js';
import { answerOf, type ProbeAnswer } from './answer.js';
import { createPacer } from './pacer.js';
import type { Probe } from './probe.js';
import { type Found, wireRequest } from './request.js';
import type { SentRequest } from './types.js';

/** How long one probe may take, headers and body together. */
const PROBE_TIMEOUT_MS = 30_000;

/** No answer: why, in words that never hold the key. */
export interface NoAnswer {
  error: string;
}

/**
 * The service under test: sends probes with the run's key, paced, each one recorded. `unpaced`:
 * the sandbox burst alone, which is bounded in count instead (sandbox/burst.ts).
 */
export interface ServiceTarget {
  send(probe: Probe, found: Found, how?: { unpaced: boolean }): Promise<ProbeAnswer | NoAnswer>;
  readonly requests: SentRequest[];
}

function headersOf(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** The cause of a failed request without the request's headers: a code and a message. */
function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && message !== '')
    return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  return typeof code === 'string' ? code : 'no answer';
}

export function createServiceTarget(options: {
  api: ApiUrl;
  apiKey: string;
  maxRequestsPerSecond: number;
  dispatcher: Dispatcher | undefined;
  signal: AbortSignal | undefined;
}): ServiceTarget {
  const pace = createPacer(options.maxRequestsPerSecond, options.signal);
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
    const signal = options.signal
      ? AbortSignal.any([options.signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)])
      : AbortSignal.timeout(PROBE_TIMEOUT_MS);
    try {
      const response = await request(`${options.api.origin}${wire.path}`, {
        method: wire.method as Dispatcher.HttpMethod,
        headers: wire.headers,
        body: wire.body,
        signal,
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      });
      const text = await response.body.text();
      record.status = response.statusCode;
      return answerOf(response.statusCode, headersOf(response.headers), text);
    } catch (error) {
      options.signal?.throwIfAborted();
      return { error: describeError(error) };
    } finally {
      record.durationMs = Math.round(performance.now() - started);
    }
  };
  return { send, requests };
}

export const isAnswer = (value: ProbeAnswer | NoAnswer): value is ProbeAnswer => !('error' in value);
