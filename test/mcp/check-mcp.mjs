// npm run check:mcp (docs/mcp.md): the MCP Inspector's CLI against `loyalty mcp` over stdio, and
// with Node 22 or later the MCP conformance suite against `loyalty mcp --http`, both fetched with
// npx (they are tools for a person, not test dependencies: the inspector CLI is large and the
// suite needs Node 22). Needs a build (npx tsup). Prints what each says; exits 1 if the inspector fails.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

// By URL: dist/ exists only once built, and the typecheck of a clean clone runs before the build.
/** @type {typeof import('../../src/server/index.js')} */
const { createReferenceServer } = await import(new URL('../../dist/server.js', import.meta.url).href);

// Asynchronous: the reference server answers from this process, so nothing here may block it.
const run = promisify(execFile);
const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
const KEY = 'check-mcp-key-0001';
const server = createReferenceServer({ keys: [{ key: KEY, scopes: '*' }] });
const url = await server.listen({ port: 0, host: '127.0.0.1' });
const env = { ...process.env, LOYALTY_BASE_URL: url, LOYALTY_API_KEY: KEY };

const INSPECTIONS = [
  ['--method', 'tools/list'],
  ['--method', 'tools/call', '--tool-name', 'clientes_retrieve', '--tool-arg', 'uid=cli_0001'],
  [
    '--method',
    'tools/call',
    '--tool-name',
    'clientes_puntos_add',
    '--tool-arg',
    'uid=cli_0001',
    '--tool-arg',
    'puntos=0',
  ],
  ['--method', 'resources/list'],
  ['--method', 'resources/read', '--uri', 'loyalty://key'],
];

let failed = false;
for (const args of INSPECTIONS) {
  try {
    const { stdout: out } = await run(
      'npx',
      ['-y', '@modelcontextprotocol/inspector', '--cli', process.execPath, CLI, 'mcp', ...args],
      {
        env,
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    if (out.includes(KEY)) throw new Error('the key is in the answer');
    console.log(`inspector ${args.slice(1, 4).join(' ')}: ok (${out.length} characters)`);
  } catch (error) {
    failed = true;
    console.log(
      `inspector ${args.slice(1, 4).join(' ')}: FAILED ${String(/** @type {Error} */ (error).message).split('\n')[0]}`,
    );
  }
}

const major = Number(process.versions.node.split('.')[0]);
if (major >= 22) {
  const mcp = spawn(process.execPath, [CLI, 'mcp', '--http'], { env });
  const mcpUrl = await new Promise((resolve) =>
    mcp.stdout.on('data', (chunk) => {
      const found = /at (http:\/\/\S+)/.exec(String(chunk));
      if (found) resolve(found[1]);
    }),
  );
  try {
    const { stdout } = await run(
      'npx',
      ['-y', '@modelcontextprotocol/conformance', 'server', '--url', mcpUrl],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    console.log(stdout.slice(stdout.indexOf('=== SUMMARY')));
  } catch (error) {
    const said = String(/** @type {{ stdout?: string }} */ (error).stdout ?? '');
    console.log(said.slice(said.indexOf('=== SUMMARY')));
    // The suite's scenarios call the fixture tools of its reference server (test_image, test://static-text):
    // docs/decisions.md lists which apply to ours and what they said.
  }
  mcp.kill('SIGTERM');
} else {
  console.log(`conformance suite: skipped (it needs Node 22 or later; this is ${process.version})`);
}
await server.close();
process.exit(failed ? 1 : 0);
