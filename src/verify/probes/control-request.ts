import { refusalBase } from '../base-request.js';
import type { Probe } from '../probe.js';
import type { Run } from '../run.js';
import { aimedAtNothing } from './nowhere.js';

/**
 * The requests of the control rule (control.ts): the same request as a refusal probe, with the
 * value it breaks a rule with put back in range. Each carries an Idempotency-Key of its own where
 * the probe carries one: the same key with another body is a conflict (409) at a service that
 * remembers keys, which would say nothing of the value.
 */

/** The name the probe's rule is about: `puntos` of `request.body.puntos`. */
export const fieldOf = (probe: Probe): string => probe.target.split('.').at(-1) ?? '';

const ownKey = (probe: Probe, suffix: string) =>
  probe.idempotencyKey === undefined ? {} : { idempotencyKey: `${probe.idempotencyKey}-${suffix}` };

/** The probe with its parameter at `size`: a string of that length (the probe's own, cut or padded), or that number. */
export function sized(probe: Probe, size: number): Probe {
  const [, where, name = ''] = probe.target.split('.');
  const holder = (where === 'query' ? probe.query : probe.body) as Record<string, unknown>;
  const current = holder[name];
  const value = probe.bound?.rule === 'maxLength' ? String(current).slice(0, size).padEnd(size, 'x') : size;
  const keyed = { ...probe, ...ownKey(probe, String(size)) };
  if (where === 'query') return { ...keyed, query: { ...probe.query, [name]: String(value) } };
  return { ...keyed, body: { ...(probe.body as object), [name]: value } };
}

/**
 * The control of a refusal probe: at its bound for a value one past it, else the valid request the
 * probe broke one rule of (the table's values, the run's key, identifiers that name nothing).
 * Undefined where no control may be sent: a create (valid, it would make a record), or a write
 * whose identifier could not be shown to name nothing.
 */
export async function controlOf(run: Run, probe: Probe): Promise<Probe | undefined> {
  if (probe.bound !== undefined && /^request\.(body|query)\./.test(probe.target))
    return sized(probe, probe.bound.limit);
  const { operation } = probe;
  if (operation.method !== 'GET' && Object.keys(probe.params).length === 0) return undefined;
  const base = refusalBase(operation, () => `${probe.idempotencyKey ?? 'loyalty-verify'}-control`);
  const control: Probe = { ...probe, ...base, key: 'own', check: probe.check, target: probe.target };
  const aimed = await aimedAtNothing(run, control);
  return 'unsafe' in aimed ? undefined : aimed;
}
