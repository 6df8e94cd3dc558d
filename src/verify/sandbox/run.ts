import type { Scope } from '../../operations/scopes.js';
import { cover, type Run } from '../run.js';
import { runBurst } from './burst.js';
import { customerSequence } from './customer.js';
import type { SandboxState } from './exchange.js';
import { groupSequence } from './group.js';
import type { SandboxPlan } from './plan.js';

/**
 * Sandbox mode, after the safe probes: the customer sequence, the group action, then the burst
 * (last: its 429 would refuse whatever came after it). `scopes`: those the key holds, for the
 * reference engines.
 */
export async function runSandbox(run: Run, plan: SandboxPlan, scopes: readonly Scope[]): Promise<void> {
  for (const { operation, check, note } of plan.skipped) cover(run, operation.id, check, 'skipped', note);
  const state: SandboxState = { referenceFound: {} };
  await customerSequence(run, state, plan.probes);
  await groupSequence(run, plan.probes);
  if (plan.probes.burst && !run.stopped) await runBurst(run, plan.probes.burst, scopes);
}
