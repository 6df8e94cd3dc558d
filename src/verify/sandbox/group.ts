import { SPEC_RULES } from '../../operations/spec-rules.js';
import { onSpec } from '../basis.js';
import { sendProbe } from '../probes/send.js';
import { checkSuccess } from '../probes/success.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';
import { noteCreated } from './created.js';
import { dataOf, statusFinding } from './exchange.js';
import type { SandboxPlan } from './plan.js';

/**
 * A group action (a tag, so no points move) dry-run on the sample group, then applied: each answer
 * against the SDK's record, and the customers the action reached against those its dry run
 * counted. The reference engine holds no such group, so the expectation is its rule: an applied
 * action reaches the customers its dry run counted.
 */
export async function groupSequence(run: Run, probes: SandboxPlan['probes']): Promise<void> {
  const { dryRun, apply } = probes;
  if (dryRun === undefined || apply === undefined || run.stopped) return;
  const dry = await sendProbe(run, dryRun);
  if (dry?.envelope === undefined || dry.status !== 200) {
    const note = dry ? `the dry run answered ${dry.status}` : 'the dry run got no answer';
    cover(run, dryRun.operation.id, dryRun.check, 'skipped', note);
    cover(run, apply.operation.id, apply.check, 'skipped', `${note}: not applied`);
    return;
  }
  checkSuccess(run, dryRun, dry);
  if (run.stopped) return;
  const applied = await sendProbe(run, apply);
  if (applied?.envelope === undefined) return;
  noteCreated(run, apply, applied);
  if (applied.status !== 200) {
    statusFinding(run, apply, 200, applied.status);
    return;
  }
  checkSuccess(run, apply, applied);
  const counted = dataOf(dry)?.afectados;
  const reached = dataOf(applied)?.afectados;
  if (typeof counted === 'number' && typeof reached === 'number' && counted !== reached)
    addFinding(run, {
      kind: 'parameter',
      operationId: apply.operation.id,
      location: 'request.body.dryRun',
      expected: { afectados: counted },
      observed: { afectados: reached },
      severity: 'differs',
      ...onSpec(SPEC_RULES.dryRun),
      reproduce: reproduceOf(run, apply),
    });
}
