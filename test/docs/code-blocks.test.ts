import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeErrorsOf } from '../support/type-check-folder.js';

/**
 * Every TypeScript block in README.md and docs/*.md compiles against the SDK's source, so a
 * renamed method or option breaks the test command instead of an integrator's copy-paste.
 */
const root = join(import.meta.dirname, '..', '..');
const out = join(root, '.tmp', 'doc-blocks');

function guides(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs];
}

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

describe('code blocks of the guides', () => {
  // One TypeScript program over every block: about 6 s alone, past 20 s beside the unit run's other workers.
  it('every ts block type-checks against the SDK', { timeout: 90_000 }, () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const files: string[] = [];
    for (const guide of guides()) {
      tsBlocks(readFileSync(join(root, guide), 'utf8')).forEach((block, index) => {
        const file = `${guide.replace(/[/.]/g, '_')}_${index + 1}.ts`;
        // Each block is its own module, so top-level await and its imports stand alone.
        writeFileSync(join(out, file), `${block}\nexport {};\n`);
        files.push(file);
      });
    }
    expect(files.length).toBeGreaterThan(0);
    const output = typeErrorsOf(out, { noUnusedLocals: false });
    expect(output).toBe('');
  });
});
