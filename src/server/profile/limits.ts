import type { ProblemDetail } from '../answers/details.js';
import { badRequest } from '../answers/failures.js';
import { parameterPlace } from './field-path.js';
import type { ProfileFact } from './format.js';

type LimitFact = Extract<ProfileFact, { kind: 'limit' }>;

/**
 * The upper bounds a fact says the service has: the measured ones, or none where the service took
 * even the largest value verify tries (`largestTried`): no limit was found, so none is made up.
 */
export function upperBoundsOf(fact: LimitFact): { maxLength?: number; maximum?: number } {
  const { maxLength, maximum } = fact.rules;
  const past = (bound: number | undefined) =>
    bound !== undefined && fact.largestTried ? Number.POSITIVE_INFINITY : bound;
  return { maxLength: past(maxLength), maximum: past(maximum) };
}

/** What one rule refuses of a value, in the words of our other details; undefined when it keeps the rule. */
function broken(value: unknown, fact: LimitFact): Pick<ProblemDetail, 'message' | 'code'> | undefined {
  const { minLength, minimum } = fact.rules;
  const { maxLength, maximum } = upperBoundsOf(fact);
  if (typeof value === 'string') {
    if (maxLength !== undefined && value.length > maxLength)
      return { message: `must be at most ${maxLength} characters`, code: 'too_big' };
    if (minLength !== undefined && value.length < minLength)
      return { message: `must be at least ${minLength} characters`, code: 'too_small' };
  }
  if (typeof value === 'number') {
    if (maximum !== undefined && value > maximum)
      return { message: `must be at most ${maximum}`, code: 'too_big' };
    if (minimum !== undefined && value < minimum)
      return { message: `must be at least ${minimum}`, code: 'too_small' };
  }
  return undefined;
}

/**
 * The limits the service declares, on a request the table already took: a value past one is
 * refused with a 400 as the table's own rules are. Only a stricter limit can show here; a looser
 * one the table refuses first.
 */
export function checkLimitFacts(
  input: { query: Record<string, unknown>; body: unknown },
  facts: readonly LimitFact[],
): void {
  const details: ProblemDetail[] = [];
  for (const fact of facts) {
    const { where, name } = parameterPlace(fact.parameter);
    const holder = where === 'body' ? input.body : input.query;
    const value =
      typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>)[name] : undefined;
    const problem = broken(value, fact);
    if (problem) details.push({ in: where === 'body' ? 'body' : 'query', name, ...problem });
  }
  if (details.length > 0) throw badRequest(details);
}
