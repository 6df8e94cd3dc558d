/**
 * One operation type and typed lookups (src/operations/table.ts): a file of src never casts to an
 * operation type nor renames one on import, so a wrong row or a missing field is the compiler's
 * to find. The two casts that build the frozen rows are the exceptions, each said why in place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The row types, current and past: `as X`, `as unknown as X`, `as readonly X[]`, `{ Y as X }`. */
const CAST =
  /\bas\s+(?:unknown\s+as\s+)?(?:readonly\s+)?(?:[\w$]+\.)?(?:Operation(?:s|Row|ById|Definition|Declaration)?|Row(?:ById)?|ById|Defined)\b/g;

/** Where a row is built from property descriptors, which the compiler does not follow. */
const BUILDS = ['src/operations/define.ts: as Defined', 'src/operations/table.ts: as ById'];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const casts = sources(join(ROOT, 'src')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(CAST)].map(
    (match) => `${relative(ROOT, file).split('\\').join('/')}: ${match[0].replace(/\s+/g, ' ')}`,
  ),
);

describe('operation types in src', () => {
  it('no file casts to an operation type or imports one under another name, besides the two builds of a row', () => {
    expect(casts).toEqual(BUILDS);
  });
});
