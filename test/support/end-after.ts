/**
 * Ends what a harness started for a test file, whatever the pool and isolation: a module's own
 * `afterAll` or `process.on('exit')` runs for the first file that imports it only, when the files
 * of a worker share its modules (vitest.config.ts, `isolate: false`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

type End = () => unknown;

/** What was started outside a test (as a file loads, or in its beforeAll), ended when the file's tests are done. */
const pending: End[] = [];

/**
 * `end` runs after the test that calls this; called outside a test (as the file loads or in a
 * beforeAll), after the file's tests (test/support/leftovers-setup.ts). Ending twice must be harmless.
 */
export function endAfter(end: End): void {
  try {
    onTestFinished(async () => {
      await end();
    });
  } catch {
    // Not in a test: vitest's onTestFinished refuses, and an afterAll registered from a beforeAll is never run.
    pending.push(end);
  }
}

/**
 * Ends what the file started outside its tests, the last started first, as vitest runs its after
 * hooks (leftovers-setup.ts, after the file's own afterAll).
 */
export async function endPending(): Promise<void> {
  for (const end of pending.splice(0).reverse()) await end();
}

/** A new folder under the temporary folder, removed after the test that makes it (or after the file's tests, made outside one). */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  endAfter(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** The folders made by fileFolder for the file running now, by prefix. */
const fileFolders = new Map<string, string>();

/**
 * The running test file's folder of that prefix under the temporary folder: made on first use
 * (`init` then fills it), the same for the rest of the file, removed after the file's tests.
 */
export function fileFolder(prefix: string, init: (folder: string) => void = () => undefined): string {
  const made = fileFolders.get(prefix);
  if (made !== undefined) return made;
  const folder = mkdtempSync(join(tmpdir(), prefix));
  init(folder);
  fileFolders.set(prefix, folder);
  pending.push(() => {
    fileFolders.delete(prefix);
    rmSync(folder, { recursive: true, force: true });
  });
  return folder;
}
