import type { ProbeAnswer } from '../answer.js';
import { onReference } from '../basis.js';
import type { Probe } from '../probe.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';

/**
 * Writes verify sends expecting a refusal: a refusal probe, its control (aimed at an identifier a
 * read showed to name nothing), a limit's steps, and in sandbox mode a key sent again with another
 * body or on another operation. Each one the service carries out (a 2xx) is named in the result
 * (`writesAccepted`). A service that carried out a refusal probe would carry out the next too, so
 * after the first no other refusal is sent (a breaking finding says what it did); a key sent again
 * names the customer the run created, and is compared as a step of its sequence.
 */

/** A write every correct service refuses (a read changes nothing, whatever it is answered). */
const expectsRefusal = (probe: Probe): boolean => probe.refusal && probe.operation.method !== 'GET';

/** A write expecting a refusal, answered 2xx: the service carried it out. */
export const writeAccepted = (probe: Probe, answer: ProbeAnswer): boolean =>
  expectsRefusal(probe) && answer.status >= 200 && answer.status < 300;

/**
 * Whether a probe must not be sent: a refusal probe's write (not a sandbox step's), after the
 * service carried out a write it must refuse. Its check is then `unsafe`, naming that write.
 */
export function writesStopped(run: Run, probe: Probe): boolean {
  const [first] = run.writesAccepted;
  if (first === undefined || !expectsRefusal(probe) || probe.purpose === 'write') return false;
  cover(
    run,
    probe.operation.id,
    probe.check,
    'unsafe',
    `not sent: the service carried out ${first.method} ${first.path}, a write it must refuse, so no other request expecting a refusal is sent in this run`,
  );
  return true;
}

/**
 * A write expecting a refusal that the service answered 2xx: named, with the path as sent, and a
 * breaking `status` finding against the reference engine's answer. A sandbox step (a key sent
 * again) is compared by its own sequence (sandbox/idempotency.ts), which makes its finding.
 */
export async function noteIfAccepted(run: Run, probe: Probe, answer: ProbeAnswer): Promise<void> {
  if (!writeAccepted(probe, answer)) return;
  const sent = run.service.requests.at(-1);
  run.writesAccepted.push({
    method: probe.operation.method,
    path: sent?.path ?? probe.operation.path,
    status: answer.status,
    why: probe.check,
  });
  if (probe.purpose === 'write') return;
  const expected = await run.reference!.send(probe, run.found);
  addFinding(run, {
    kind: 'status',
    operationId: probe.operation.id,
    location: probe.target,
    expected: { status: expected.status },
    observed: { status: answer.status },
    // Carried out, not only answered otherwise: whatever rule it broke, the service changed something.
    severity: 'breaking',
    ...(probe.broken ?? onReference()),
    reproduce: reproduceOf(run, probe),
  });
}
