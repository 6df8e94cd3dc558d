// @ts-check
/**
 * `npm run bench:start:phases`: where a Worker's cold start goes, on workerd (which gives a worker
 * no clock that advances during its own code, so phases are measured from outside). Workers that
 * stop after each phase (import, construct, call), each still making one bare `fetch` so that every
 * variant makes one request, for loyalty-sdk (the packed tarball) and openai-node; and loyalty-sdk
 * built from the sources with validation taken out (not shippable: the floor of what validating
 * before sending costs). Rounds rotate; medians of PHASES_RUNS (default 21) cold starts each;
 * `--compat` runs them with nodejs_compat.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { workerBuildOptions } from '../runtimes/worker-build.mjs';
import { freePort } from '../support/free-port.mjs';
import { ensureRuntimes } from '../support/runtime-cache.mjs';
import { benchProject } from './cold-start-projects.mjs';
import { bundleWorker, workerdColdStart } from './cold-start-workers.mjs';
import { median } from './measure.mjs';
import { startFixedServer } from './server-process.mjs';

const RUNS = Math.max(5, Number(process.env.PHASES_RUNS) || 21);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'cold-start-api-key-0123456789';
const BARE_CALL = `const answer = await fetch(server + '/ext/v3/clientes/c-0001', { headers: { 'x-api-key': '${KEY}' } });
    await answer.json();`;
const SDK = `import { LoyaltyClient } from 'loyalty-sdk';`;
const OPENAI = `import OpenAI from 'openai';`;
const makeSdk = `const client = new LoyaltyClient({ apiKey: '${KEY}', baseUrl: server });`;
const makeOpenai = `const client = new OpenAI({ apiKey: '${KEY}', baseURL: server });`;

/** @param {string} imports @param {string} body */
const worker = (imports, body) => `${imports}
export default {
  async fetch(request) {
    const server = new URL(request.url).searchParams.get('server');
    ${body}
    return new Response('answered');
  },
};
`;

/** The phase workers; a name's first word is its client. */
const PHASES = {
  bare: worker('', BARE_CALL),
  'loyalty-sdk import': worker(SDK, `if (server === '') new LoyaltyClient();\n    ${BARE_CALL}`),
  'loyalty-sdk construct': worker(SDK, `${makeSdk}\n    ${BARE_CALL}`),
  'loyalty-sdk call': worker(SDK, `${makeSdk}\n    await client.clientes.retrieve('c-0001');`),
  'openai-node import': worker(OPENAI, `if (server === '') new OpenAI();\n    ${BARE_CALL}`),
  'openai-node construct': worker(OPENAI, `${makeOpenai}\n    ${BARE_CALL}`),
  'openai-node call': worker(OPENAI, `${makeOpenai}\n    await client.models.list();`),
};

/**
 * loyalty-sdk from its sources with `validateRequest` replaced by a pass-through: bundled as the
 * Workers bundle is, its `#` imports resolved to their Workers modules, no tsconfig of ours.
 * @param {string} folder
 */
async function withoutValidation(folder) {
  const passThrough = {
    name: 'without-validation',
    /** @param {import('esbuild').PluginBuild} pluginBuild */
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /src[\\/]client[\\/]prepare\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const call = 'const checked = validateRequest(';
        if (!source.includes(call))
          throw new Error(`${args.path} no longer has "${call}": update this bench`);
        const skip =
          '((_operation: unknown, parts: any) => ({ ok: true as const, params: parts.params ?? {}, query: parts.query ?? {}, body: parts.body }))(';
        return { contents: source.replace(call, `const checked = ${skip}`), loader: 'ts' };
      });
    },
  };
  const result = await build({
    stdin: {
      contents: PHASES['loyalty-sdk call'].replace("'loyalty-sdk'", `'${join(ROOT, 'src/index.ts')}'`),
      resolveDir: ROOT,
      loader: 'ts',
    },
    ...workerBuildOptions({ nodejsCompat: false }),
    minify: true,
    alias: {
      '#undici-loader': join(ROOT, 'src/client/undici-loader.web.ts'),
      '#open-telemetry': join(ROOT, 'src/telemetry/open-telemetry.web.ts'),
    },
    tsconfigRaw: {},
    plugins: [passThrough],
    write: false,
    logLevel: 'error',
  });
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'worker.mjs'), result.outputFiles[0]?.contents ?? new Uint8Array());
  return folder;
}

const nodejsCompat = process.argv.includes('--compat');
const { workerd } = ensureRuntimes();
const server = await startFixedServer();
const work = await mkdtemp(join(tmpdir(), 'loyalty-bench-phases-'));
try {
  const project = await benchProject(join(work, 'project'));
  /** @type {Record<string, string>} */
  const folders = {};
  for (const [name, source] of Object.entries(PHASES)) {
    folders[name] = (
      await bundleWorker({ source, project, folder: join(work, name.replaceAll(' ', '-')) })
    ).folder;
  }
  folders['loyalty-sdk call, no validation'] = await withoutValidation(join(work, 'no-validation'));
  const names = Object.keys(folders);
  const port = await freePort();
  const start = (/** @type {string} */ name) =>
    workerdColdStart({
      workerd,
      folder: /** @type {string} */ (folders[name]),
      port,
      server: server.url,
      nodejsCompat,
    });
  for (const name of names) await start(name);
  /** @type {Record<string, number[]>} */
  const walls = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < RUNS; round++) {
    for (let index = 0; index < names.length; index++) {
      const name = /** @type {string} */ (names[(index + round) % names.length]);
      walls[name]?.push(await start(name));
    }
  }
  const bare = median(walls.bare ?? []);
  console.log(
    `workerd${nodejsCompat ? ' nodejs_compat' : ''}: medians of ${RUNS} cold starts, rounds rotated; adds = over the bare worker`,
  );
  for (const name of names) {
    const total = median(walls[name] ?? []);
    console.log(
      `  ${name.padEnd(36)} ${total.toFixed(1).padStart(6)} ms   adds ${(total - bare).toFixed(1).padStart(5)} ms`,
    );
  }
  console.log(
    '(the "no validation" variant is not shippable: it shows what validating before sending costs a cold Worker)',
  );
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
