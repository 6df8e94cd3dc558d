/**
 * The MCP Inspector's CLI against `loyalty mcp` over stdio (the built bin), as a person checks a
 * server: 0.15.0 (a devDependency, the one that runs on Node 20) and 2.12.0 (Node 22.19 or later:
 * pinned in the runtime cache, run on its Node 22). 2.12.0 passes the server no environment of
 * its own, so both get the key and the service as `-e KEY=VALUE`. Skipped, saying why, only when
 * Node 22 cannot be installed (the 2.12.0 runs).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/operations/table.js';
import { ensureMcpTools } from '../support/runtime-cache.mjs';
import { ALL_SCOPES_KEY, referenceServer } from './mcp-harness.js';

const run = promisify(execFile);
const CLI = new URL('../../dist/cli.js', import.meta.url).pathname;
const INSPECTOR_015 = fileURLToPath(import.meta.resolve('@modelcontextprotocol/inspector/cli/build/cli.js'));
const SCRATCH = mkdtempSync(join(tmpdir(), 'loyalty-inspector-'));

function current(): ReturnType<typeof ensureMcpTools> | string {
  try {
    return ensureMcpTools();
  } catch (error) {
    return `Node 22 or the Inspector 2.12.0 could not be installed: ${(error as Error).message.split('\n')[0]}`;
  }
}
const cached = current();
if (typeof cached === 'string') console.warn(`inspector 2.12.0 skipped: ${cached}`);

const setup = await referenceServer();
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

/** `node <inspector> --cli -e ... node dist/cli.js mcp <method args>`; stdout and stderr. */
async function inspect(node: string, inspector: string, method: string[]) {
  const env = [
    `LOYALTY_BASE_URL=${setup.url}`,
    `LOYALTY_API_KEY=${ALL_SCOPES_KEY}`,
    `XDG_STATE_HOME=${SCRATCH}`,
  ];
  const { stdout, stderr } = await run(
    node,
    [inspector, '--cli', ...env.flatMap((pair) => ['-e', pair]), process.execPath, CLI, 'mcp', ...method],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      env: { PATH: process.env.PATH ?? '', HOME: SCRATCH, MCP_CATALOG_PATH: join(SCRATCH, 'catalog.json') },
    },
  );
  return { stdout, stderr };
}

const VERSIONS = [
  ['0.15.0 on this Node', () => ({ node: process.execPath, inspector: INSPECTOR_015 }), false],
  [
    '2.12.0 on Node 22',
    () => {
      const tools = cached as Exclude<typeof cached, string>;
      return { node: tools.node22, inspector: tools.inspector };
    },
    typeof cached === 'string',
  ],
] as const;

describe.each(VERSIONS)('the Inspector %s', (_version, where, skip) => {
  it.skipIf(skip)('lists a tool per operation, the key in nothing it prints', async () => {
    const { node, inspector } = where();
    const { stdout, stderr } = await inspect(node, inspector, ['--method', 'tools/list']);
    expect(JSON.parse(stdout).tools).toHaveLength(operations.length);
    expect(stdout + stderr).not.toContain(ALL_SCOPES_KEY);
  });

  it.skipIf(skip)('calls clientes_retrieve with --tool-arg and gets the customer', async () => {
    const { node, inspector } = where();
    const { stdout, stderr } = await inspect(node, inspector, [
      '--method',
      'tools/call',
      '--tool-name',
      'clientes_retrieve',
      '--tool-arg',
      'uid=cli_0001',
    ]);
    expect(JSON.parse(stdout).structuredContent.data.uid).toBe('cli_0001');
    expect(stdout + stderr).not.toContain(ALL_SCOPES_KEY);
  });
});

describe.skipIf(typeof cached === 'string')('the Inspector 2.12.0 --strict', () => {
  it('finds no tool-schema portability problem in tools/list', async () => {
    const tools = cached as Exclude<typeof cached, string>;
    const { stderr } = await inspect(tools.node22, tools.inspector, ['--strict', '--method', 'tools/list']);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^loyalty mcp: \d+ tools for appId/)]);
  });
});
