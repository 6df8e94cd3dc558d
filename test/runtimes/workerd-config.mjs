// @ts-check
// The workerd configuration of the matrix's worker: one module, one socket on 127.0.0.1, and a
// network service as its outbound so that the worker can reach the local reference servers.

/** workerd refuses a compatibility date later than its own build. */
const COMPATIBILITY_DATE = '2026-11-01';

/** @param {{ port: number, nodejsCompat: boolean }} options */
export function workerdConfig({ port, nodejsCompat }) {
  const flags = nodejsCompat ? '"nodejs_compat"' : '';
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .matrixWorker),
    (name = "network", network = (allow = ["private", "local", "public"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const matrixWorker :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = [${flags}],
  globalOutbound = "network",
);
`;
}
