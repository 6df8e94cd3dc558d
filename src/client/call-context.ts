import { limiterKeyId } from '../limits/key-id.js';
import type { KeyLimiter, Limiter, LimitKind } from '../limits/limiter.js';
import type { CallObserver, ObservedCall } from '../telemetry/index.js';
import type { LevelledLogger } from './logger.js';
import type { ResolvedClientOptions } from './options.js';
import type { RetryPolicy } from './retry.js';
import type { Transport } from './transport.js';

/** The limiter's buckets of the client's key, with what one call takes from them. */
export interface Throttle {
  limits: KeyLimiter;
  kind: LimitKind;
}

/** Everything a call needs from its client; one per client, shared by its calls. */
export interface CallContext {
  options: ResolvedClientOptions;
  /** How attempts are sent; `withOptions` gives a derived client its parent's. */
  transport: Transport;
  logger: LevelledLogger;
  /** The client's retry policy, shared by calls that do not override maxRetries. */
  policy: RetryPolicy;
  /** What a call of each kind takes from the client's limiter; undefined without one. */
  throttles: Record<LimitKind, Throttle> | undefined;
  /** Spans, metrics and channel events of the client's calls; undefined with `telemetry: false`. */
  observer: CallObserver | undefined;
  /** Each operation as telemetry sees it, made once per client. */
  observedCalls: Map<string, ObservedCall>;
}

/** The buckets of a key whose id is still being hashed (Web Crypto): each use waits for it. */
function onceHashed(limits: Promise<KeyLimiter>): KeyLimiter {
  return {
    acquire: (kind, signal) => limits.then((ready) => ready.acquire(kind, signal)),
    pause: (kind, ms) => limits.then((ready) => ready.pause(kind, ms)),
  };
}

/** The limiter's buckets of the client's key, known to the limiter by the key's id alone. */
function throttlesOf(limiter: Limiter | undefined, apiKey: string): Record<LimitKind, Throttle> | undefined {
  if (limiter === undefined) return undefined;
  const keyId = limiterKeyId(apiKey);
  const limits =
    typeof keyId === 'string' ? limiter.forKey(keyId) : onceHashed(keyId.then((id) => limiter.forKey(id)));
  return { request: { limits, kind: 'request' }, groupAction: { limits, kind: 'groupAction' } };
}

export function createCallContext(
  options: ResolvedClientOptions,
  transport: Transport,
  logger: LevelledLogger,
  observer: CallObserver | undefined,
): CallContext {
  return {
    options,
    transport,
    logger,
    observer,
    observedCalls: new Map(),
    throttles: throttlesOf(options.limiter, options.apiKey),
    policy: {
      maxRetries: options.maxRetries,
      maxRetryAfterMs: options.maxRetryAfterMs,
      baseDelayMs: options.retryBaseDelayMs,
      maxDelayMs: options.retryMaxDelayMs,
    },
  };
}
