// @ts-check
import { createReferenceServer, DEMO_API_KEY } from 'loyalty-sdk/server';

/**
 * Where the examples send their requests: the service named by LOYALTY_BASE_URL and
 * LOYALTY_API_KEY when both are set, otherwise a reference server started in this process
 * (demo data, demo key) and closed by `close()`.
 * @returns {Promise<{ baseUrl: string, apiKey: string, embedded: boolean, close: () => Promise<void> }>}
 */
export async function target() {
  const { LOYALTY_BASE_URL: baseUrl, LOYALTY_API_KEY: apiKey } = process.env;
  if (baseUrl && apiKey) return { baseUrl, apiKey, embedded: false, close: async () => {} };
  const server = createReferenceServer();
  const url = await server.listen({ port: 0 });
  return { baseUrl: url, apiKey: DEMO_API_KEY, embedded: true, close: () => server.close() };
}
