import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const source = join(root, 'src/cli/main.ts');
// Inside the project, so the bundle finds node_modules for its external packages.
const outDir = join(root, '.tmp', `cli-test-${process.pid}`);
const cli = join(outDir, 'cli.mjs');
const OPERATOR_KEY = 'operator-secret-key-9876';

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [source],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    // As tsup.config.ts bundles the inspector's page.
    loader: { '.html': 'text' },
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function outputOf(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code, stdout, stderr };
}

describe('the loyalty command', () => {
  it('starts with a node shebang', () => {
    expect(readFileSync(source, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('serve prints the base URL and the masked keys, answers, and stops cleanly on SIGINT', async () => {
    const child = run(['serve', '--port', '0', '--key', `${OPERATOR_KEY}=tareas:read`]);
    const lines: string[] = [];
    for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
      lines.push(line);
      if (line.startsWith('Press Ctrl+C')) break;
    }
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))?.[1];
    expect(url).toBeDefined();
    expect(lines.join('\n')).toContain('****9876');
    expect(lines.join('\n')).not.toContain(OPERATOR_KEY);
    const response = await request(`${url}/ext/v3/tareas`, { headers: { apikey: OPERATOR_KEY } });
    await response.body.text();
    expect(response.statusCode).toBe(200);
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
  });

  it('--key with an unknown scope exits with status 2 and says why', async () => {
    const { code, stderr } = await outputOf(run(['serve', '--key', 'k=clientes:borrar']));
    expect(code).toBe(2);
    expect(stderr).toContain('unknown scope "clientes:borrar"');
  });

  it('--key with a misspelt scope names the scope meant', async () => {
    const { code, stderr } = await outputOf(run(['serve', '--key', 'bad=clientes:raed']));
    expect(code).toBe(2);
    expect(stderr).toContain('loyalty: --key: unknown scope "clientes:raed"; did you mean "clientes:read"?');
  });

  it('a key of the --config file with a misspelt scope exits with status 2 and names the scope meant', async () => {
    const config = join(outDir, 'misspelt-scope.json');
    writeFileSync(config, JSON.stringify({ keys: [{ key: OPERATOR_KEY, scopes: ['puntos:wirte'] }] }));
    const { code, stderr } = await outputOf(run(['serve', '--config', config]));
    expect(code).toBe(2);
    expect(stderr).toContain(
      'keys[0].scopes holds an unknown scope "puntos:wirte"; did you mean "puntos:write"?',
    );
    expect(stderr).not.toContain(OPERATOR_KEY);
  });

  it('serve --help prints the usage of serve and exits with status 0', async () => {
    const { code, stdout } = await outputOf(run(['serve', '--help']));
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: loyalty serve');
  });

  it('--help lists serve among the commands', async () => {
    const { code, stdout } = await outputOf(run(['--help']));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}serve +the in-memory reference server/m);
  });
});
