// The bulk job runner behind `client.bulk`: streaming, bounded concurrency, derived keys, shards, checkpoints.
// May use only src/limits and the table below it; never the client (it passes the error classes in).
export {
  type BudgetVerdict,
  checkBudget,
  claimBudget,
  type DryRunFigures,
  type GroupActionBudget,
  isBudgetLedger,
} from './budget.js';
export type * from './checkpoint.js';
export { BULK_KEY_PREFIX, deriveIdempotencyKey } from './item-key.js';
export { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './options.js';
export { runBulk } from './runner.js';
export { MAX_LISTED_FAILURES, PROGRESS_INTERVAL_MS } from './tally.js';
export type * from './types.js';
