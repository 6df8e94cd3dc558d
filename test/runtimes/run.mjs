// @ts-check
/**
 * `npm run check:runtimes`: the runtime matrix. Packs the package (under `npm test`, takes the
 * build step's tarball, PACKED_TARBALL), installs the tarball into a fresh project, and runs the
 * same cases (test/runtimes/scenario.ts) on Node 20 (this Node), 22 and 24, Bun, Deno, and workerd with and without nodejs_compat, each against its own reference
 * servers over HTTP; a headless Chromium runs the redirect case (browser-page.mjs). Prints one
 * line per runtime, then the redirect case across them; exits 1 when any case fails. Expects a
 * built dist/ (`npm run build`).
 *
 *   node test/runtimes/run.mjs [--keep] [--verbose] [--only NAME[,NAME...]]
 *
 * --verbose  every case's detail under its runtime, not only the failures'
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { freePort } from '../support/free-port.mjs';
import { ensureRuntimes, versionOf } from '../support/runtime-cache.mjs';
import { chromiumLabel, chromiumPath, runOnBrowser } from './browser-runner.mjs';
import { installPackedTarball } from './packed-project.mjs';
import { startRedirectServers } from './redirect-servers.mjs';
import { workerBuildOptions } from './worker-build.mjs';
import { workerdConfig } from './workerd-config.mjs';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const RUN_TIMEOUT_MS = 120_000;
/** The slow server answers after this; the timeout and abort cases give up long before. */
const SLOW_SERVER_MS = 5_000;

const { values: flags } = parseArgs({
  options: {
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

/**
 * @typedef {{ name: string, ok: boolean | undefined, detail: string }} CaseResult
 * @typedef {{
 *   name: string,
 *   label: string,
 *   kind: 'process' | 'workerd' | 'browser',
 *   command?: string[],
 *   compat?: boolean,
 *   unavailable: Record<string, RegExp>,
 * }} Runtime
 */

/**
 * @param {string} command @param {string[]} args @param {{ cwd: string }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function runProcess(command, args, { cwd }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: matrixEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', (error) => {
      stderr += String(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Nothing of this repository's npm run or of the SDK's settings reaches the runtimes. */
function matrixEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' };
  for (const name of Object.keys(env)) {
    if (/^(npm_|LOYALTY_|VITEST|NODE_OPTIONS$)/.test(name)) delete env[name];
  }
  return env;
}

/**
 * The bundles: one for the runtimes that run files (the package and msw stay imports, resolved
 * from the project's node_modules), one worker per workerd flavour with everything inside.
 * @param {string} project
 */
async function bundle(project) {
  /** @type {import('esbuild').Plugin} */
  const fromProject = {
    name: 'from-the-packed-project',
    setup(builder) {
      builder.onResolve({ filter: /^(loyalty-sdk|msw)(\/|$)/ }, (args) => {
        if (args.pluginData === 'from-project') return undefined;
        return builder.resolve(args.path, {
          kind: args.kind,
          resolveDir: project,
          pluginData: 'from-project',
        });
      });
    },
  };
  const common = {
    bundle: true,
    format: /** @type {const} */ ('esm'),
    logLevel: /** @type {const} */ ('error'),
  };
  await build({
    ...common,
    entryPoints: [join(HERE, 'node-main.mjs')],
    outfile: join(project, 'matrix-main.mjs'),
    platform: 'node',
    external: ['loyalty-sdk', 'loyalty-sdk/*', 'msw', 'msw/*'],
  });
  for (const compat of [false, true]) {
    await build({
      ...common,
      ...workerBuildOptions({ nodejsCompat: compat }),
      entryPoints: [join(HERE, 'worker.mjs')],
      outfile: join(project, compat ? 'worker-compat' : 'worker-plain', 'worker.mjs'),
      plugins: [fromProject],
    });
  }
  await build({
    ...common,
    entryPoints: [join(HERE, 'browser-page.mjs')],
    outfile: join(project, 'browser', 'page.js'),
    platform: 'browser',
    plugins: [fromProject],
  });
}

/** @param {string} project */
async function startServers(project) {
  const serverEntry = pathToFileURL(join(project, 'node_modules', 'loyalty-sdk', 'dist', 'server.js')).href;
  const { createReferenceServer, DEMO_API_KEY } = await import(serverEntry);
  const servers = {
    main: createReferenceServer(),
    storm: createReferenceServer({
      faults: { seed: 1, sequence: ['rateLimitStorm'], retryAfterSeconds: 1 },
    }),
    slow: createReferenceServer({ faults: { seed: 1, latencyMs: SLOW_SERVER_MS } }),
  };
  const redirecting = await startRedirectServers();
  const urls = {
    main: await servers.main.listen(),
    storm: await servers.storm.listen(),
    slow: await servers.slow.listen(),
    redirect: redirecting.redirect,
    elsewhere: redirecting.elsewhere,
  };
  return {
    config: { apiKey: DEMO_API_KEY, urls },
    /** What the storm server saw: one 429, then the retry answered. */
    stormReport: () => servers.storm.admin.faults(),
    /** How many requests reached the origin the redirects point to: none may. */
    elsewhereReport: () => redirecting.received(),
    close: () =>
      Promise.all([...Object.values(servers).map((server) => server.close()), redirecting.close()]),
  };
}

/**
 * @param {Runtime} runtime @param {string} project @param {{ apiKey: string, urls: object }} servers
 * @returns {Promise<CaseResult[]>}
 */
async function runOn(runtime, project, servers) {
  // Every runtime offers Node's APIs but workerd without nodejs_compat; the nodeApis case holds it.
  const nodeApis = runtime.kind === 'process' || runtime.compat === true;
  if (runtime.kind === 'process') {
    const folder = await mkdtemp(join(project, `checkpoint-${runtime.name}-`));
    const config = { ...servers, nodeApis, checkpointPath: join(folder, 'job.ckpt') };
    const [command = '', ...args] = runtime.command ?? [];
    const result = await runProcess(
      command,
      [...args, join(project, 'matrix-main.mjs'), JSON.stringify(config)],
      {
        cwd: project,
      },
    );
    const line = result.stdout.trim().split('\n').at(-1) ?? '';
    if (result.code !== 0 || !line.startsWith('{')) {
      throw new Error(`exit ${result.code}: ${(result.stderr || result.stdout).trim().slice(0, 1500)}`);
    }
    return JSON.parse(line).results;
  }
  if (runtime.kind === 'browser') {
    const script = await readFile(join(project, 'browser', 'page.js'), 'utf8');
    return runOnBrowser(runtime.command?.[0] ?? '', script, { ...servers, nodeApis: false });
  }
  return runOnWorkerd(runtime, project, { ...servers, nodeApis });
}

/** @param {Runtime} runtime @param {string} project @param {object} config */
async function runOnWorkerd(runtime, project, config) {
  const folder = join(project, runtime.compat ? 'worker-compat' : 'worker-plain');
  const port = await freePort();
  await writeFile(
    join(folder, 'config.capnp'),
    workerdConfig({ port, nodejsCompat: Boolean(runtime.compat) }),
  );
  const [command = '', ...args] = runtime.command ?? [];
  const child = spawn(command, [...args, 'serve', 'config.capnp'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: matrixEnv(),
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit');
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`workerd exited: ${output.trim().slice(0, 1500)}`);
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/`, {
          method: 'POST',
          body: JSON.stringify(config),
          signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
        });
        const text = await answer.text();
        if (!answer.ok)
          throw new Error(
            `the worker answered ${answer.status}: ${text.slice(0, 1500)} ${output.trim().slice(0, 1500)}`,
          );
        return JSON.parse(text).results;
      } catch (error) {
        const refused = /** @type {{ cause?: { code?: string } }} */ (error).cause?.code === 'ECONNREFUSED';
        if (!refused || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * A case passes when it reports ok, or when the runtime does not offer it and says so; a
 * runtime that should offer it must not skip it.
 * @param {Runtime} runtime @param {CaseResult} result
 */
function verdict(runtime, result) {
  const absence = runtime.unavailable[result.name];
  if (absence === undefined) return result.ok === true ? 'pass' : 'fail';
  if (result.ok === undefined) return absence.test(result.detail) ? 'absent' : 'fail';
  return result.ok ? 'pass' : 'fail';
}

const runtimesPaths = ensureRuntimes();
/** What Workers do not offer, and what the refusal must say. */
const NOT_ON_WORKERS = {
  testClient: /^loyalty-sdk\/server runs on Node, Bun and Deno, not on this runtime \(workerd\)/,
  msw: /^loyalty-sdk\/msw runs on Node, Bun and Deno, not on this runtime \(workerd\)/,
};
/** @type {Runtime[]} */
const RUNTIMES = [
  {
    name: 'node20',
    label: `Node ${process.versions.node}`,
    kind: 'process',
    command: [process.execPath],
    unavailable: {},
  },
  {
    name: 'node22',
    label: `Node ${versionOf(runtimesPaths.node22).slice(1)}`,
    kind: 'process',
    command: [runtimesPaths.node22],
    unavailable: {},
  },
  {
    name: 'node24',
    label: `Node ${versionOf(runtimesPaths.node24).slice(1)}`,
    kind: 'process',
    command: [runtimesPaths.node24],
    unavailable: {},
  },
  {
    name: 'bun',
    label: `Bun ${versionOf(runtimesPaths.bun)}`,
    kind: 'process',
    command: [runtimesPaths.bun, 'run'],
    unavailable: {},
  },
  {
    name: 'deno',
    label: `Deno ${versionOf(runtimesPaths.deno).split(' ')[1]}`,
    kind: 'process',
    command: [runtimesPaths.deno, 'run', '--allow-all', '--quiet'],
    unavailable: {},
  },
  {
    name: 'workerd',
    label: `workerd ${versionOf(runtimesPaths.workerd).split(' ')[1]}`,
    kind: 'workerd',
    command: [runtimesPaths.workerd],
    compat: false,
    unavailable: NOT_ON_WORKERS,
  },
  {
    name: 'workerd-compat',
    label: `workerd ${versionOf(runtimesPaths.workerd).split(' ')[1]} nodejs_compat`,
    kind: 'workerd',
    command: [runtimesPaths.workerd],
    compat: true,
    unavailable: NOT_ON_WORKERS,
  },
];
// A browser runs the redirect case only: the rest of what a page does is test/browser's.
if (!flags.only || flags.only.split(',').includes('chromium')) {
  const chromium = chromiumPath();
  RUNTIMES.push({
    name: 'chromium',
    label: chromiumLabel(chromium),
    kind: 'browser',
    command: [chromium],
    unavailable: {},
  });
}

const chosen = flags.only
  ? RUNTIMES.filter((runtime) => flags.only?.split(',').includes(runtime.name))
  : RUNTIMES;
const work = await mkdtemp(join(tmpdir(), 'loyalty-runtimes-'));
let failed = 0;
/** The redirect case on each runtime, printed again as one row at the end. */
const redirectRow = [];
try {
  const { project, tarball } = await installPackedTarball(work);
  await bundle(project);
  console.log(
    `runtime matrix: ${tarball}, installed from the tarball; the same cases on each runtime, over HTTP to its own reference servers`,
  );
  const width = Math.max(...chosen.map((runtime) => runtime.label.length));
  for (const runtime of chosen) {
    const servers = await startServers(project);
    /** @type {CaseResult[]} */
    let results;
    try {
      results = await runOn(runtime, project, servers.config);
      const report = servers.stormReport();
      const retry = results.find((result) => result.name === 'retryAfter');
      if (retry && (report?.injected.rateLimitStorm !== 1 || report.requests !== 2)) {
        retry.ok = false;
        retry.detail += `; the server saw ${report?.requests} requests and ${report?.injected.rateLimitStorm} 429s, not 2 and 1`;
      }
      const redirected = results.find((result) => result.name === 'redirect');
      const elsewhere = servers.elsewhereReport();
      if (redirected && elsewhere > 0) {
        redirected.ok = false;
        redirected.detail += `; the other origin received ${elsewhere} request(s)`;
      }
    } catch (error) {
      results = [{ name: 'run', ok: false, detail: String(/** @type {Error} */ (error).message ?? error) }];
    } finally {
      await servers.close();
    }
    const marks = results.map((result) => {
      const mark = { pass: '✓', absent: '–', fail: '✗' }[verdict(runtime, result)];
      return `${mark} ${result.name === 'operations' ? `operations ${result.detail.split(' ')[0]}` : result.name}`;
    });
    console.log(`${runtime.label.padEnd(width)}  ${marks.join('  ')}`);
    const redirected = results.find((result) => result.name === 'redirect');
    redirectRow.push(
      `${runtime.label} ${redirected ? { pass: '✓', absent: '–', fail: '✗' }[verdict(runtime, redirected)] : '✗'}`,
    );
    for (const result of results) {
      const outcome = verdict(runtime, result);
      if (outcome === 'fail') {
        failed += 1;
        console.log(`${' '.repeat(width)}  ✗ ${result.name}: ${result.detail}`);
      } else if (outcome === 'absent') {
        console.log(`${' '.repeat(width)}  – ${result.name}: ${result.detail}`);
      } else if (flags.verbose) {
        console.log(`${' '.repeat(width)}  ✓ ${result.name}: ${result.detail}`);
      }
    }
  }
  console.log(
    `redirect (a 307 to another origin, not followed; nothing reached it): ${redirectRow.join('  ')}`,
  );
} finally {
  if (failed === 0 && !flags.keep) await rm(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
if (failed > 0) {
  console.log(`runtime matrix failed: ${failed} case(s)`);
  process.exitCode = 1;
} else {
  console.log(`runtime matrix passed: ${chosen.length} runtimes`);
}
