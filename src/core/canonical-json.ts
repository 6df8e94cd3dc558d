/**
 * JSON text of a value with object keys sorted, so two values that differ only in key order give
 * the same text, and otherwise what `JSON.stringify` writes: an `undefined` member left out, an
 * `undefined` item as `null`. Built as a string: keys such as `__proto__` are never assigned to
 * an object.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
