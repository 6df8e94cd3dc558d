import { FaultInjector } from '../faults/injector.js';
import { ServerState } from '../state/server-state.js';
import { createKeyRegistry, type KeyRegistry } from './auth.js';
import { IdempotencyStore } from './idempotency.js';
import { type EngineOptions, type ResolvedOptions, resolveOptions, SWITCHED_ON_FAULTS } from './options.js';
import { profileRules } from './profile-rules.js';
import { FixedWindowLimiter } from './rate-limit.js';
import { ReadCache } from './read-cache.js';
import { type Rules, specRules } from './rules.js';

const GROUP_ACTION_WINDOW_MS = 60_000;

/** Everything the request steps read and change; each step receives it. */
export interface EngineState {
  readonly options: ResolvedOptions;
  readonly data: ServerState;
  readonly keys: KeyRegistry;
  readonly requestLimiter: FixedWindowLimiter;
  readonly groupActionLimiter: FixedWindowLimiter;
  readonly idempotency: IdempotencyStore;
  /** Undefined when fault injection is off (`setFaultInjection` switches it). */
  faults: FaultInjector | undefined;
  readonly reads: ReadCache;
  /** What the steps answer by where a service may differ: the spec's, or a profile's. */
  readonly rules: Rules;
}

export function createEngineState(given: EngineOptions = {}): EngineState {
  const options = resolveOptions(given);
  const { limits } = options;
  const data = new ServerState(options.seed);
  const rules = options.profile ? profileRules(options.profile, limits) : specRules(limits);
  return {
    options,
    data,
    keys: createKeyRegistry(options.keys),
    requestLimiter: new FixedWindowLimiter(rules.requestLimit, limits.rateLimit.windowMs),
    groupActionLimiter: new FixedWindowLimiter(limits.groupActionsPerMinute, GROUP_ACTION_WINDOW_MS),
    idempotency: new IdempotencyStore(limits.idempotencyTtlMs, limits.maxRecords),
    faults: options.faults ? new FaultInjector(options.faults) : undefined,
    reads: new ReadCache(data),
    rules,
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
