/**
 * A file a command writes (`--failures`, `--report`, ...) is checked before anything is sent: one
 * line naming the flag, the path and the fix (a folder closed to the user: bulk-written-files.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWrittenFile, createWrittenFile } from '../../src/cli/shared/written-file.js';

const directory = mkdtempSync(join(tmpdir(), 'written-file-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const path = (name: string) => join(directory, name);

describe('checkWrittenFile', () => {
  it('an empty path: one line naming the flag', () => {
    expect(() => checkWrittenFile('--report', '', 'followed')).toThrow(
      '--report needs the path of a file, got ""',
    );
  });

  it('a symbolic link is refused for a file only the package writes, and followed for a report', () => {
    writeFileSync(path('target.md'), 'kept');
    symlinkSync(path('target.md'), path('link.md'));
    expect(() => checkWrittenFile('--failures', path('link.md'), 'refused')).toThrow(/is a symbolic link/);
    expect(checkWrittenFile('--report', path('link.md'), 'followed')).toBe(path('link.md'));
  });
});

describe('createWrittenFile', () => {
  it('never overwrites a file or a link made at the path since the check: one line naming the flag', () => {
    writeFileSync(path('token'), 'tok_0123456789abcdef');
    symlinkSync(path('token'), path('made-since.csv'));
    expect(() => createWrittenFile('--failures', path('made-since.csv'))).toThrow(
      `--failures ${path('made-since.csv')}: a file was made there after the run started; choose another path`,
    );
    expect(readFileSync(path('token'), 'utf8')).toBe('tok_0123456789abcdef');
  });
});
