import type { Operation } from '../../operations/table.js';
import { FaultInjector } from '../faults/injector.js';
import { ServerState } from '../state/server-state.js';
import { createKeyRegistry, type KeyRegistry } from './auth.js';
import { type IdempotencyKeys, IdempotencyStore } from './idempotency.js';
import { type RawInput, type ValidInput, validateInput } from './input.js';
import {
  type EngineOptions,
  type EngineSettings,
  resolveEngineSettings,
  SWITCHED_ON_FAULTS,
} from './options.js';
import { FixedWindowLimiter } from './rate-limit.js';
import { ReadCache } from './read-cache.js';

const GROUP_ACTION_WINDOW_MS = 60_000;

/**
 * What three steps consult, each the engine's own unless a layer around the engine gives its own
 * around it (`createEngine`'s `around`): a layer that answers as another service would.
 */
export interface EngineParts {
  /** Step 4: the key's request rate (0: let through; else the milliseconds to wait). */
  readonly requestLimiter: Pick<FixedWindowLimiter, 'hit' | 'clear'>;
  /** Step 8: the request's input as the handler takes it; a 400 with every problem when it breaks a rule. */
  readonly validate: (operation: Operation, raw: RawInput) => ValidInput;
  /** Step 9: the Idempotency-Keys kept, and how a request under one is answered. */
  readonly idempotency: IdempotencyKeys;
}

/** Everything the request steps read and change; each step receives it. */
export interface EngineState extends EngineParts {
  readonly options: EngineSettings;
  readonly data: ServerState;
  readonly keys: KeyRegistry;
  readonly groupActionLimiter: FixedWindowLimiter;
  /** Undefined when fault injection is off (`setFaultInjection` switches it). */
  faults: FaultInjector | undefined;
  readonly reads: ReadCache;
}

export function createEngineState(
  given: EngineOptions = {},
  around: (own: EngineParts) => EngineParts = (own) => own,
): EngineState {
  const options = resolveEngineSettings(given);
  const { limits } = options;
  const data = new ServerState(options.seed);
  const parts = around({
    requestLimiter: new FixedWindowLimiter(limits.rateLimit.limit, limits.rateLimit.windowMs),
    validate: validateInput,
    idempotency: new IdempotencyStore(limits.idempotencyTtlMs, limits.maxRecords),
  });
  return {
    options,
    data,
    keys: createKeyRegistry(options.keys),
    requestLimiter: parts.requestLimiter,
    groupActionLimiter: new FixedWindowLimiter(limits.groupActionsPerMinute, GROUP_ACTION_WINDOW_MS),
    idempotency: parts.idempotency,
    faults: options.faults ? new FaultInjector(options.faults) : undefined,
    reads: new ReadCache(data),
    validate: parts.validate,
  };
}

/** Back to the seed: data, idempotency keys, limit counters and the fault schedule alike. */
export function resetEngineState(state: EngineState): void {
  state.data.reset();
  state.requestLimiter.clear();
  state.groupActionLimiter.clear();
  state.idempotency.clear();
  state.faults?.restart();
}

/**
 * Fault injection on or off (the inspector's switch): on, with the server's fault options, or a
 * mild default (10% 500s, 5% 429 storms, seed 1) when it was started without any.
 */
export function setFaultInjection(state: EngineState, enabled: boolean): void {
  if (enabled === (state.faults !== undefined)) return;
  state.faults = enabled ? new FaultInjector(state.options.faults ?? SWITCHED_ON_FAULTS) : undefined;
}
