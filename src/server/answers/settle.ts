import { type BaseMeta, failureOf } from './envelope.js';
import type { EngineResponse } from './response.js';

/** Runs `work`, turning whatever it throws into its envelope: the answer never fails. */
export function settle(work: () => EngineResponse, meta: BaseMeta): EngineResponse {
  try {
    return work();
  } catch (error) {
    return failureOf(error, meta);
  }
}
