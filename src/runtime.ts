/** What the globals say about the runtime; each may be missing. */
interface RuntimeGlobals {
  Bun?: { version?: string };
  Deno?: { version?: { deno?: string } };
  process?: { versions?: { node?: string } };
  navigator?: { userAgent?: string };
}

/**
 * The runtime and its version as the User-Agent names it: `node/20.20.2`, `bun/1.4.5`,
 * `deno/2.9.6`, `workerd` (Cloudflare Workers), else `js`. Read from optional globals only, so
 * that loading the SDK touches no Node-only global (Workers without nodejs_compat have no
 * `process`). Bun, Deno and workerd come first: they also show a Node version for compatibility
 * (workerd does even without nodejs_compat).
 */
export function runtimeLabel(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string {
  if (globals.Bun?.version) return `bun/${globals.Bun.version}`;
  if (globals.Deno?.version?.deno) return `deno/${globals.Deno.version.deno}`;
  if (globals.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  if (globals.process?.versions?.node) return `node/${globals.process.versions.node}`;
  return 'js';
}

/** Whether the client runs on Node itself (not Bun or Deno, which show a Node version too). */
export function onNode(globals: RuntimeGlobals = globalThis as RuntimeGlobals): boolean {
  return runtimeLabel(globals).startsWith('node/');
}

/**
 * Whether this looks like a web page: a `window` with a `document`, and a `navigator`. Deno 2 has
 * no `window`; Workers and Node have no `document`.
 */
export function inBrowser(
  globals: RuntimeGlobals & { window?: { document?: unknown } } = globalThis,
): boolean {
  return typeof globals.window?.document !== 'undefined' && typeof globals.navigator !== 'undefined';
}

/**
 * Whether files outlive the program's requests: on Node, Bun and Deno; not on Workers (whose
 * nodejs_compat file system is gone when the request ends) nor in a page.
 */
export function hasLastingFiles(globals: RuntimeGlobals = globalThis as RuntimeGlobals): boolean {
  return /^(node|bun|deno)\//.test(runtimeLabel(globals));
}

/**
 * Thrown as a Workers or browser bundle loads an entry that needs Node's modules (`loyalty-sdk/server`,
 * `loyalty-sdk/msw`, `loyalty-sdk/verify`): the package's exports give those bundles a module that
 * throws this at once, instead of a build that fails somewhere inside undici or Node's modules.
 * `purpose` says where the entry belongs.
 */
export function entryUnavailable(
  entry: string,
  purpose = 'the reference engine is for your tests; run them on one of those',
): Error {
  return new Error(
    `${entry} runs on Node, Bun and Deno, not on this runtime (${runtimeLabel()}): ${purpose} (the client itself, loyalty-sdk, runs here)`,
  );
}
