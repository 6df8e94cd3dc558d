// @ts-check
/**
 * bench:start on Cloudflare Workers: a worker that makes one call (a bare `fetch`, openai-node, or
 * loyalty-sdk from a packed tarball), bundled by esbuild as wrangler bundles (the Workers
 * conditions, minified), its size, and its cold start under workerd: spawn workerd, the first
 * request, the worker's one call to the fixed server, its answer.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { workerBuildOptions } from '../runtimes/worker-build.mjs';
import { workerdConfig } from '../runtimes/workerd-config.mjs';

const API_KEY = 'cold-start-api-key-0123456789';

/** @param {string} setup the lines that make the call, with `server` the fixed server's URL */
const oneCallWorker = (setup) => `export default {
  async fetch(request) {
    const server = new URL(request.url).searchParams.get('server');
${setup}
    return new Response('answered');
  },
};
`;

/** The workers: the same shape, one call each (the same calls as the process cold starts). */
export const WORKERS = {
  bare: oneCallWorker(`    const answer = await fetch(\`\${server}/ext/v3/clientes/c-0001\`, {
      headers: { 'x-api-key': '${API_KEY}', accept: 'application/json' },
    });
    if (!answer.ok) throw new Error(\`the server answered \${answer.status}\`);
    await answer.json();`),
  openai: `import OpenAI from 'openai';\n${oneCallWorker(`    const client = new OpenAI({ apiKey: '${API_KEY}', baseURL: server });
    await client.models.list();`)}`,
  sdk: `import { LoyaltyClient } from 'loyalty-sdk';\n${oneCallWorker(`    const client = new LoyaltyClient({ apiKey: '${API_KEY}', baseUrl: server });
    await client.clientes.retrieve('c-0001');`)}`,
};

/** Not timed: says whether the worker sees Node's APIs. */
const PROBE_WORKER = `export default {
  fetch() {
    return new Response(typeof globalThis.process?.getBuiltinModule);
  },
};
`;

/** @typedef {{ folder: string, minified: number, gzipped: number }} Bundle */

/**
 * Bundles a worker as wrangler does, resolving its imports in `project` only: the project lies
 * outside this repository, so no tsconfig.json of ours can steer the resolution; and a file from
 * outside the project in the bundle is an error.
 * @param {{ source: string, project: string, folder: string }} options
 * @returns {Promise<Bundle>}
 */
export async function bundleWorker({ source, project, folder }) {
  const result = await build({
    stdin: { contents: source, resolveDir: project, loader: 'js' },
    absWorkingDir: project,
    ...workerBuildOptions({ nodejsCompat: false }),
    minify: true,
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const outside = Object.keys(result.metafile.inputs).filter(
    (path) => path.startsWith('..') || isAbsolute(path),
  );
  if (outside.length > 0) throw new Error(`the worker bundle took files from outside ${project}: ${outside}`);
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'worker.mjs'), code);
  return { folder, minified: code.byteLength, gzipped: gzipSync(code).byteLength };
}

/** @param {number} port */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * @typedef {{ workerd: string, folder: string, port: number, nodejsCompat: boolean }} WorkerdOptions
 */

/**
 * Spawns workerd with the worker in `folder`, waits for its socket, sends one request, stops it.
 * @param {WorkerdOptions} options @param {string} path the request's path and query
 * @returns {Promise<{ wall: number, text: string }>} ms from the spawn to the answer, and the answer
 */
async function serveOneRequest({ workerd, folder, port, nodejsCompat }, path) {
  await writeFile(join(folder, 'config.capnp'), workerdConfig({ port, nodejsCompat }));
  const started = performance.now();
  const child = spawn(workerd, ['serve', 'config.capnp'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    errors += chunk;
  });
  const exited = once(child, 'exit');
  try {
    while (!(await accepts(port))) {
      if (child.exitCode !== null) throw new Error(`workerd exited: ${errors.trim()}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const answer = await fetch(`http://127.0.0.1:${port}${path}`);
    const text = await answer.text();
    if (!answer.ok) throw new Error(`the worker answered ${answer.status}: ${text.slice(0, 500)} ${errors}`);
    return { wall: performance.now() - started, text };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * One cold start of the bundled worker in `options.folder`: ms from the spawn of workerd to its answer.
 * @param {WorkerdOptions & { server: string }} options
 */
export async function workerdColdStart(options) {
  const { wall, text } = await serveOneRequest(options, `/?server=${encodeURIComponent(options.server)}`);
  if (text !== 'answered') throw new Error(`the worker answered ${text.slice(0, 500)}`);
  return wall;
}

/**
 * What a worker sees of Node's APIs under this configuration: `typeof process.getBuiltinModule`.
 * @param {Omit<WorkerdOptions, 'folder'> & { work: string }} options `work`: a folder for the probe
 */
export async function probeNodeApis({ work, ...options }) {
  const folder = join(work, `probe-${options.nodejsCompat ? 'compat' : 'plain'}`);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'worker.mjs'), PROBE_WORKER);
  return (await serveOneRequest({ ...options, folder }, '/')).text;
}
