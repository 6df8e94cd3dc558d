import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { esbuildCommandLine, workerBuildOptions } from '../runtimes/worker-build.mjs';
import { workerdConfig } from '../runtimes/workerd-config.mjs';

/**
 * docs/runtimes.md gives the esbuild command line and the workerd configuration of a worker: they
 * are the ones the runtime matrix runs (test/runtimes/run.mjs), so what a newcomer copies has run.
 */
const root = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(root, 'docs', 'runtimes.md'), 'utf8');
const section = page.slice(page.indexOf('### Bundling and running a worker without wrangler'));

function blocks(language: string): string[] {
  const fence = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm');
  return [...section.matchAll(fence)].map((match) => match[1] ?? '');
}

const ENTRY = 'src/worker.ts';
const BUNDLE = 'worker/worker.mjs';

describe('docs/runtimes.md, a worker without wrangler', () => {
  const esbuildLines = blocks('sh')
    .flatMap((block) => block.split('\n'))
    .filter((line) => line.startsWith('npx esbuild'));

  it("gives the matrix's esbuild command line, without and with nodejs_compat", () => {
    expect(esbuildLines).toEqual([
      esbuildCommandLine(workerBuildOptions({ nodejsCompat: false }), ENTRY, BUNDLE),
      esbuildCommandLine(workerBuildOptions({ nodejsCompat: true }), ENTRY, BUNDLE),
    ]);
  });

  it("gives the matrix's workerd configuration, the key and base URL from the environment", () => {
    const config = workerdConfig({
      port: 8787,
      nodejsCompat: false,
      environment: ['LOYALTY_API_KEY', 'LOYALTY_BASE_URL'],
    });
    expect(blocks('capnp')).toEqual([config]);
  });

  it("names the matrix's flags of a worker with nodejs_compat", () => {
    const flags = /compatibilityFlags = \[.*\]/.exec(workerdConfig({ port: 8787, nodejsCompat: true }))?.[0];
    expect(flags).toBeDefined();
    expect(section).toContain(`\`${flags}\``);
  });

  it('serves the configuration beside the bundle, on the port the configuration binds', () => {
    const serve = blocks('sh').join('\n');
    expect(serve).toContain(`npx workerd serve ${BUNDLE.replace('worker.mjs', 'config.capnp')}`);
    expect(serve).toMatch(/curl 'http:\/\/127\.0\.0\.1:8787\//);
  });
});

describe('esbuildCommandLine', () => {
  it('refuses an option it has no flag for, so the docs cannot fall behind the matrix', () => {
    const options = { ...workerBuildOptions({ nodejsCompat: false }), minify: true };
    expect(() => esbuildCommandLine(options, ENTRY, BUNDLE)).toThrow(/no flag for the option minify/);
  });
});
