/**
 * A count and its noun as a message says it: `1 request`, `2 requests`, `0 requests`. `plural`
 * for a noun that does not just take an `s`.
 */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
