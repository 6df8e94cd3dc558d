import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * Type-checks the `.ts` files of `folder` (two levels below the repository, such as `.tmp/x`)
 * with the project's tsconfig and `compilerOptions` on top, and returns what tsc printed: empty
 * when they compile.
 */
export function typeErrorsOf(folder: string, compilerOptions: Record<string, unknown>): string {
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({ extends: '../../tsconfig.json', compilerOptions, include: ['*.ts'] }),
  );
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', folder], {
      encoding: 'utf8',
    });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}
