import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run demo` is what a newcomer runs first: what it prints should be the demo's own lines,
 * not npm's warnings and tsup's file list. The install is checked with `npm ci --dry-run` and the
 * rest of the script runs in a scratch copy of the project (never `npm ci` or `rm -rf dist` here:
 * the working tree's node_modules and dist are in use).
 */
const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

interface PackageJson {
  scripts: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}
interface LockEntry {
  name?: string;
  hasInstallScript?: boolean;
}

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
const demoSteps = (packageJson.scripts.demo ?? '').split(' && ');

const scratch = mkdtempSync(join(tmpdir(), 'loyalty-demo-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A process's environment without the developer's LOYALTY_* (the demo starts its own server). */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) {
    if (name.startsWith('LOYALTY_') || name.startsWith('VITEST') || name.startsWith('npm_')) delete env[name];
  }
  return env;
}

async function shell(command: string, cwd: string): Promise<string> {
  const { stdout, stderr } = await run('sh', ['-c', `${command} 2>&1`], {
    cwd,
    env: cleanEnvironment(),
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout + stderr;
}

/** The name a lock entry installs: `node_modules/a/node_modules/@b/c` -> `@b/c`. */
function lockName(path: string, entry: LockEntry): string {
  return entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

describe('npm run demo', () => {
  it('installs with npm ci, then builds, then runs the quickstart', () => {
    expect(demoSteps[0]).toMatch(/^npm ci\b/);
    expect(demoSteps.at(-1)).toBe('node examples/quickstart.mjs');
  });

  it('npm ci warns of no engine: every locked package accepts the Node the package supports', async () => {
    const install = join(scratch, 'install');
    cpSync(join(root, 'package.json'), join(install, 'package.json'));
    cpSync(join(root, 'package-lock.json'), join(install, 'package-lock.json'));
    // At npm's default log level, as a contributor's `npm ci` runs: the warnings are not hidden, absent.
    const output = await shell('npm ci --dry-run --no-audit --no-fund', install);
    expect(output).not.toMatch(/EBADENGINE/);
    expect(output.split('\n').filter((line) => line.startsWith('npm warn'))).toEqual([]);
  });

  it('every locked package with an install script is approved or denied in allowScripts', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path, entry]) => lockName(path, entry));
    const decided = Object.keys(packageJson.allowScripts ?? {});
    expect([...new Set(withScripts)].filter((name) => !decided.includes(name))).toEqual([]);
  });

  it("after the install, the first and last lines printed are the demo's own", async () => {
    const project = join(scratch, 'project');
    for (const path of ['package.json', 'tsconfig.json', 'tsup.config.ts', 'src', 'examples']) {
      cpSync(join(root, path), join(project, path), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
    const output = await shell(demoSteps.slice(1).join(' && '), project);
    const lines = output.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Started the reference server at http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.at(-1)).toBe('Quickstart done.');
    expect(lines.length).toBeLessThan(15);
  }, 180_000);
});
