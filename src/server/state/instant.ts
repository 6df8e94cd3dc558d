/** An instant as the records carry it: ISO 8601 in UTC. */
export function isoInstant(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
