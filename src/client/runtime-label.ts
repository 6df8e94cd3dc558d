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
 * `process`). Bun and Deno come first: they also show a Node version for compatibility.
 */
export function runtimeLabel(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string {
  if (globals.Bun?.version) return `bun/${globals.Bun.version}`;
  if (globals.Deno?.version?.deno) return `deno/${globals.Deno.version.deno}`;
  if (globals.process?.versions?.node) return `node/${globals.process.versions.node}`;
  if (globals.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  return 'js';
}
