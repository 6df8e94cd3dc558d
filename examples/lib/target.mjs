// @ts-check
import { createReferenceServer, DEMO_API_KEY } from 'loyalty-sdk/server';

/**
 * Where the examples send their requests: the service named by LOYALTY_BASE_URL and
 * LOYALTY_API_KEY when both are set, otherwise a reference server started in this process
 * (demo data, demo key) and closed by `close()`.
 * @param {import('loyalty-sdk/server').ReferenceServerOptions} [serverOptions] options of the
 *   embedded reference server (keys, seed, limits); ignored when the environment names a service.
 * @returns {Promise<{ baseUrl: string, apiKey: string, embedded: boolean, close: () => Promise<void> }>}
 */
export async function target(serverOptions = {}) {
  const { LOYALTY_BASE_URL: baseUrl, LOYALTY_API_KEY: apiKey } = process.env;
  if (baseUrl && apiKey) return { baseUrl, apiKey, embedded: false, close: async () => {} };
  const server = createReferenceServer(serverOptions);
  const url = await server.listen({ port: 0 });
  return { baseUrl: url, apiKey: DEMO_API_KEY, embedded: true, close: () => server.close() };
}

/**
 * A logger for the client that prints only the SDK's retry lines, indented, so an example can show
 * its retries without the rest of the `info` output.
 * @type {import('loyalty-sdk').Logger}
 */
export const retryLogger = {
  error: (message) => console.error(message),
  warn: (message) => console.warn(message),
  info: (message) => {
    if (message.includes('retrying')) console.log(`   [sdk] ${message}`);
  },
  debug: () => {},
};
