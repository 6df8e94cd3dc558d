import { type Fail, fail as failWithLoyaltyError } from './loyalty-error.js';

/** The most edits a misspelt name may be from the name it is taken for. */
const MAX_EDITS = 2;
/** Shorter names are compared whole: a prefix of two or three letters would match too much. */
const MIN_PREFIX_LENGTH = 4;

/**
 * Edits (insert, delete, replace) from `typed` to `known` as a whole, and to the closest start
 * of `known`: `timout` is one edit from `timeout`, the start of `timeoutMs`.
 */
function editDistances(typed: string, known: string): { whole: number; start: number } {
  let row = Array.from({ length: known.length + 1 }, (_, index) => index);
  for (let i = 1; i <= typed.length; i++) {
    const next = [i];
    for (let j = 1; j <= known.length; j++) {
      const replace = (row[j - 1] as number) + (typed[i - 1] === known[j - 1] ? 0 : 1);
      next.push(Math.min(replace, (row[j] as number) + 1, (next[j - 1] as number) + 1));
    }
    row = next;
  }
  return { whole: row[known.length] as number, start: Math.min(...row) };
}

function distance(typed: string, known: string): number {
  const { whole, start } = editDistances(typed.toLowerCase(), known.toLowerCase());
  return typed.length >= MIN_PREFIX_LENGTH ? Math.min(whole, start) : whole;
}

/**
 * The known name `name` was probably meant to be: the same name in other case, else the one
 * fewest edits away (at most `maxEdits`, two by default), counting a truncated name (`timeout`
 * for `timeoutMs`) by its edits to the start of the known one. The first of equally near names wins.
 */
export function nearestName(
  name: string,
  known: readonly string[],
  maxEdits = MAX_EDITS,
): string | undefined {
  const sameCase = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (sameCase !== undefined) return sameCase;
  let nearest: string | undefined;
  let fewest = maxEdits + 1;
  for (const candidate of known) {
    const edits = distance(name, candidate);
    if (edits < fewest) {
      nearest = candidate;
      fewest = edits;
    }
  }
  return nearest;
}

/**
 * Rejects names of `value` that are not in `known`: a misspelt option would otherwise be ignored
 * without a word. `fail` (a `LoyaltyError` unless told otherwise) gets the message, which names
 * the nearest known name or lists them all;
 * `what` names the kind of name (`LoyaltyClient option`, `bulk option`), `path` goes before the
 * name for nested options (`limits.`).
 */
export function checkNames(
  value: object,
  known: readonly string[],
  what: string,
  fail: Fail = failWithLoyaltyError,
  path = '',
): void {
  for (const name of Object.keys(value)) {
    if (known.includes(name)) continue;
    const near = nearestName(name, known);
    fail(
      `Unknown ${what} "${path}${name}"${near ? `; did you mean "${near}"?` : `. Known: ${known.join(', ')}.`}`,
    );
  }
}
