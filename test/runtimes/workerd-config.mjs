// @ts-check
// The workerd configuration of the matrix's worker: one module, one socket on 127.0.0.1, and a
// network service as its outbound so that the worker can reach the local reference servers.

/** workerd refuses a compatibility date later than its own build. */
const COMPATIBILITY_DATE = '2026-11-01';

/**
 * From 2026-08-04 on, workerd turns nodejs_compat on by default, so a later date with no flags is
 * NOT a Worker without Node's APIs. workerd 1.20261117.1 accepts `no_nodejs_compat`, but alone it
 * changes nothing (checked: `process.getBuiltinModule` stays a function, `import('node:buffer')`
 * loads), because the date turns `nodejs_compat_v2` on as well; with `no_nodejs_compat_v2` beside it,
 * `process` is gone and `node:` modules do not resolve, as at a date before 2026-08-04 with no flags.
 * Checked on every run: bench:start's probe worker and the matrix's `nodeApis` case.
 */
const WITHOUT_NODEJS_COMPAT = ['no_nodejs_compat', 'no_nodejs_compat_v2'];
const WITH_NODEJS_COMPAT = ['nodejs_compat'];

/**
 * @param {{ port: number, nodejsCompat: boolean, environment?: string[] }} options `environment`:
 * variables the worker gets as bindings of its `env`, read from workerd's own environment (so a key
 * stays out of the file). The matrix passes its settings in the request instead; docs/runtimes.md
 * shows the configuration with `LOYALTY_API_KEY` and `LOYALTY_BASE_URL`.
 */
export function workerdConfig({ port, nodejsCompat, environment = [] }) {
  const flags = (nodejsCompat ? WITH_NODEJS_COMPAT : WITHOUT_NODEJS_COMPAT)
    .map((flag) => `"${flag}"`)
    .join(', ');
  const bindings = environment
    .map((name) => `\n    (name = "${name}", fromEnvironment = "${name}"),`)
    .join('');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .loyaltyWorker),
    (name = "network", network = (allow = ["private", "local", "public"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const loyaltyWorker :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = [${flags}],${bindings ? `\n  bindings = [${bindings}\n  ],` : ''}
  globalOutbound = "network",
);
`;
}
