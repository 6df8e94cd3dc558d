import type { TracingChannel } from 'node:diagnostics_channel';
import { errorType } from './attributes.js';
import type { CallOutcome, ObservedCall } from './observer.js';

/** The tracing channel's name: `diagnostics_channel.tracingChannel('loyalty-sdk:request')`. */
export const REQUEST_CHANNEL = 'loyalty-sdk:request';

/**
 * The message of one call on the channel: the operation and where it goes at start; its status,
 * request id, retries and error type by asyncEnd. Never the key, a request body or the answer's data.
 */
export interface RequestMessage extends ObservedCall {
  status?: number;
  requestId?: string;
  retryCount?: number;
  errorType?: string;
  /** Set by the channel on `error`: the SDK error the call rejects with. */
  error?: unknown;
}

type Channel = TracingChannel<unknown, RequestMessage>;

interface DiagnosticsModule {
  tracingChannel(name: string): Channel;
}

/**
 * The channel, where the runtime has `node:diagnostics_channel` (Node, Bun, Deno, Workers with
 * nodejs_compat); taken synchronously through `process.getBuiltinModule`, so that the main entry
 * imports nothing of Node's and the first call is already traced.
 */
function openChannel(): Channel | undefined {
  const runtime = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    const module = runtime.process?.getBuiltinModule?.('node:diagnostics_channel') as
      | DiagnosticsModule
      | undefined;
    return module?.tracingChannel(REQUEST_CHANNEL);
  } catch {
    return undefined;
  }
}

let channel: Channel | undefined | null = null;

function requestChannel(): Channel | undefined {
  if (channel === null) channel = openChannel();
  return channel;
}

function subscribed(traced: Channel): boolean {
  return (
    traced.start.hasSubscribers ||
    traced.end.hasSubscribers ||
    traced.asyncStart.hasSubscribers ||
    traced.asyncEnd.hasSubscribers ||
    traced.error.hasSubscribers
  );
}

/** The message of one call, or undefined when nobody listens (then the call is not traced at all). */
export function channelMessage(call: ObservedCall): RequestMessage | undefined {
  const traced = requestChannel();
  return traced && subscribed(traced) ? { ...call } : undefined;
}

/**
 * Runs the call under `tracePromise`: start and end around its synchronous part, asyncStart and
 * asyncEnd when it settles, error when it rejects. What it resolves to stays off the message.
 */
export function traceOnChannel<T>(message: RequestMessage, call: () => Promise<T>): Promise<T> {
  const traced = requestChannel() as Channel;
  let result: T;
  return traced
    .tracePromise(async () => {
      result = await call();
    }, message)
    .then(() => result);
}

/** Fills the message before the channel's asyncEnd (or error) carries it. */
export function recordOutcome(message: RequestMessage, outcome: CallOutcome): void {
  if (outcome.status !== undefined) message.status = outcome.status;
  if (outcome.requestId !== undefined) message.requestId = outcome.requestId;
  message.retryCount = Math.max(0, outcome.attempts - 1);
  if (outcome.error !== undefined) message.errorType = errorType(outcome.error);
}
