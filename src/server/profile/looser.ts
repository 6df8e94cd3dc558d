import { describeParameters } from '../../operations/parameters.js';
import type { Operation } from '../../operations/table.js';
import { parameterPlace } from './field-path.js';
import type { ProfileFact } from './format.js';
import { upperBoundsOf } from './limits.js';

type LimitFact = Extract<ProfileFact, { kind: 'limit' }>;

/** What the validation step reads, and puts back into what it took. */
interface LooseInput {
  query: Readonly<Record<string, string>>;
  body: unknown;
}

/** The probed upper bounds of an operation looser than the table's: the service took more. */
export interface Loosened {
  /** The request as the table takes it: each value past its bound but within the service's, at the bound. */
  standIn(input: LooseInput): LooseInput & { originals: Map<string, unknown> };
  /** The values the table took as stand-ins, given back as they came. */
  restore(valid: { query: Record<string, unknown>; body: unknown }, originals: Map<string, unknown>): void;
}

/** The value the table takes in its place, when `value` is past the table's bound and within the service's. */
function standInFor(value: unknown, table: Record<string, unknown>, fact: LimitFact): unknown {
  const { maxLength, maximum } = upperBoundsOf(fact);
  if (typeof value === 'string' && typeof table.maxLength === 'number' && maxLength !== undefined)
    return value.length > table.maxLength && value.length <= maxLength
      ? value.slice(0, table.maxLength)
      : undefined;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number === 'number' && typeof table.maximum === 'number' && maximum !== undefined)
    return number > table.maximum && number <= maximum ? table.maximum : undefined;
  return undefined;
}

const placeKey = (where: string, name: string) => `${where}.${name}`;

/**
 * The limits a probe measured looser than the table's (`source: probe`, a larger `maxLength` or
 * `maximum`, or none found up to the largest value tried): the table still checks every other rule
 * of the value, on a stand-in at its own bound, and the handler gets the value as sent. Undefined
 * when the operation has none.
 */
export function loosenedBy(operation: Operation, facts: readonly LimitFact[]): Loosened | undefined {
  const parameters = describeParameters(operation);
  const looser = facts.flatMap((fact) => {
    const { where, name } = parameterPlace(fact.parameter);
    const table = parameters.find((parameter) => parameter.in === where && parameter.name === name)?.schema;
    const wider =
      table !== undefined &&
      ((fact.rules.maxLength ?? 0) > ((table.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY) ||
        (fact.rules.maximum ?? 0) > ((table.maximum as number | undefined) ?? Number.POSITIVE_INFINITY));
    return fact.source === 'probe' && wider ? [{ where, name, table, fact }] : [];
  });
  if (looser.length === 0) return undefined;
  return {
    standIn(input) {
      const query = { ...input.query };
      const body =
        typeof input.body === 'object' && input.body !== null && !Array.isArray(input.body)
          ? { ...(input.body as Record<string, unknown>) }
          : input.body;
      const originals = new Map<string, unknown>();
      for (const { where, name, table, fact } of looser) {
        const holder = (where === 'query' ? query : body) as Record<string, unknown> | undefined;
        if (typeof holder !== 'object' || holder === null || !(name in holder)) continue;
        const standIn = standInFor(holder[name], table, fact);
        if (standIn === undefined) continue;
        originals.set(placeKey(where, name), holder[name]);
        holder[name] = where === 'query' ? String(standIn) : standIn;
      }
      return { query, body, originals };
    },
    restore(valid, originals) {
      for (const [place, original] of originals) {
        const [where, name = ''] = place.split('.');
        const holder = (where === 'query' ? valid.query : valid.body) as Record<string, unknown>;
        // A query value is taken decoded: a number as a number.
        holder[name] = where === 'query' && typeof holder[name] === 'number' ? Number(original) : original;
      }
    },
  };
}
