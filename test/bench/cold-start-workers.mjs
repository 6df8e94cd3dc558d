// @ts-check
/**
 * bench:start on Cloudflare Workers: a worker that makes one call, with loyalty-sdk (from the
 * packed tarball) and with openai-node, bundled by esbuild as wrangler bundles (the Workers
 * conditions, minified), its size, and its cold start under workerd: spawn workerd, the first
 * request, the worker's one call to the fixed server, its answer.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { workerdConfig } from '../runtimes/workerd-config.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_KEY = 'cold-start-api-key-0123456789';

/** The two workers: the same shape, one call each (the same calls as the process cold starts). */
export const WORKERS = {
  'loyalty-sdk': `import { LoyaltyClient } from 'loyalty-sdk';
export default {
  async fetch(request) {
    const client = new LoyaltyClient({ apiKey: '${API_KEY}', baseUrl: new URL(request.url).searchParams.get('server') });
    await client.clientes.retrieve('c-0001');
    return new Response('answered');
  },
};
`,
  'openai-node': `import OpenAI from 'openai';
export default {
  async fetch(request) {
    const client = new OpenAI({ apiKey: '${API_KEY}', baseURL: new URL(request.url).searchParams.get('server') });
    await client.models.list();
    return new Response('answered');
  },
};
`,
};

/** @typedef {keyof typeof WORKERS} WorkerName */

/**
 * Bundles each worker; loyalty-sdk resolves from `project` (the packed tarball installed),
 * openai from this repository's devDependencies.
 * @param {string} folder @param {string} project
 * @returns {Promise<Record<WorkerName, { folder: string, minified: number, gzipped: number }>>}
 */
export async function bundleWorkers(folder, project) {
  /** @type {Record<string, { folder: string, minified: number, gzipped: number }>} */
  const bundles = {};
  for (const [name, source] of Object.entries(WORKERS)) {
    const out = join(folder, name);
    await mkdir(out, { recursive: true });
    const result = await build({
      stdin: { contents: source, resolveDir: name === 'loyalty-sdk' ? project : ROOT, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      mainFields: ['browser', 'module', 'main'],
      write: false,
      logLevel: 'error',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    await writeFile(join(out, 'worker.mjs'), code);
    bundles[name] = { folder: out, minified: code.byteLength, gzipped: gzipSync(code).byteLength };
  }
  return /** @type {Record<WorkerName, { folder: string, minified: number, gzipped: number }>} */ (bundles);
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
 * One cold start: spawn workerd with the worker, wait for its socket, one request; milliseconds
 * from the spawn to the worker's answer.
 * @param {{ workerd: string, folder: string, port: number, server: string, nodejsCompat: boolean }} options
 */
export async function workerdColdStart({ workerd, folder, port, server, nodejsCompat }) {
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
    const answer = await fetch(`http://127.0.0.1:${port}/?server=${encodeURIComponent(server)}`);
    const text = await answer.text();
    if (text !== 'answered') throw new Error(`the worker answered ${answer.status}: ${text.slice(0, 500)}`);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
