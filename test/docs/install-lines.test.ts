import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A guide's `npm install` line installs every package the code of its section imports: a reader
 * who copies the line and then the snippet must not meet ERR_MODULE_NOT_FOUND.
 */
const root = join(import.meta.dirname, '..', '..');
const guides = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** The text under each heading, down to the next heading of any level. */
function sections(markdown: string): string[] {
  return markdown.split(/^#{1,6} /m);
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function imported(section: string): string[] {
  const code = [...section.matchAll(/^```(?:js|ts|mjs)\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1])
    .join('\n');
  const specifiers = [...code.matchAll(/^import [^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
  return [
    ...new Set(
      specifiers.filter((name) => !name.startsWith('.') && !name.startsWith('node:')).map(packageOf),
    ),
  ];
}

const cases = guides.flatMap((guide) =>
  sections(readFileSync(join(root, guide), 'utf8')).flatMap((section) => {
    const line = /^npm install (.+)$/m.exec(section)?.[1];
    if (!line) return [];
    return [
      {
        guide,
        heading: section.split('\n')[0] ?? '',
        installed: line.split(/\s+/),
        imports: imported(section),
      },
    ];
  }),
);

describe('npm install lines of the guides', () => {
  it('there are some', () => {
    expect(cases.map((entry) => entry.guide)).toContain(join('docs', 'telemetry.md'));
  });

  it.each(cases)('$guide, "$heading": installs what the section imports', ({ installed, imports }) => {
    expect(imports.filter((name) => name !== 'loyalty-sdk' && !installed.includes(name))).toEqual([]);
  });
});
