/**
 * How deep a value may nest and still be printed: `JSON.stringify` recurses once per level, and a
 * service that nests 100,000 levels would end a command with "Maximum call stack size exceeded".
 * No answer of this API nests more than a few levels.
 */
export const MAX_PRINTED_DEPTH = 1000;

/** Whether `value` nests more than `limit` arrays or objects deep; counted without recursion. */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * `value` as JSON text, or undefined when it nests deeper than MAX_PRINTED_DEPTH (or holds a
 * cycle, or a value JSON cannot hold): the caller then says so in one sentence.
 */
export function printableJson(value: unknown, space?: number): string | undefined {
  if (deeperThan(value, MAX_PRINTED_DEPTH)) return undefined;
  try {
    return JSON.stringify(value, undefined, space);
  } catch {
    return undefined;
  }
}
