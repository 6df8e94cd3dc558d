import { MAX_PRINTED_DEPTH, maskSecretIn } from '../core/index.js';

/** What stands where a value nested too deep to print was. */
const TOO_DEEP = `(nested deeper than ${MAX_PRINTED_DEPTH} levels)`;

function walk(value: unknown, secret: string, depth: number): unknown {
  if (typeof value === 'string') return maskSecretIn(value, secret);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_PRINTED_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => walk(item, secret, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value))
    out[maskSecretIn(name, secret)] = walk(item, secret, depth + 1);
  return out;
}

/**
 * A copy of `value` fit to print and hand on: the key masked in every string and field name (a
 * finding quotes what the service sent, and a service may echo the key), and whatever nests
 * deeper than JSON.stringify survives cut off with a note.
 */
export function reportable<T>(value: T, secret: string): T {
  return walk(value, secret, 0) as T;
}
