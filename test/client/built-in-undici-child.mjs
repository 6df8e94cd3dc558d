// @ts-check
/**
 * One call through the built SDK's default transport in a process that called `fetch` first, so
 * that undici's global dispatcher is the one of Node's built-in undici (undici 6 on Node 20 and 22,
 * whose dispatchers know only undici's legacy handler callbacks). Prints one JSON line.
 *
 *   node built-in-undici-child.mjs <path of dist/index.js>
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const server = createServer((_request, response) => {
  response.writeHead(200, ['Content-Type', 'application/json', 'X-Seen', 'one', 'X-Seen', 'two']);
  response.end(
    JSON.stringify({ codigoRespuesta: 0, msj: 'Éxito', data: [], meta: { requestId: 'req-built-in' } }),
  );
});
await new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(undefined)));
const address = server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
try {
  await (await fetch(`${baseUrl}/before-the-sdk`)).text();
  const builtIn = /** @type {Record<symbol, unknown>} */ (globalThis)[
    Symbol.for('undici.globalDispatcher.1')
  ];
  const { LoyaltyClient } = await import(pathToFileURL(String(process.argv[2])).href);
  const client = new LoyaltyClient({
    apiKey: 'key-built-in-undici',
    baseUrl,
    maxRetries: 0,
    timeoutMs: 5_000,
  });
  const { data, headers, meta } = await client.tareas.list().withResponse();
  const { Dispatcher } = await import('undici');
  console.log(
    JSON.stringify({
      nodeUndici: process.versions.undici,
      globalIsBuiltIn: builtIn !== undefined && !(builtIn instanceof Dispatcher),
      stillTheGlobal:
        builtIn ===
        /** @type {Record<symbol, unknown>} */ (globalThis)[Symbol.for('undici.globalDispatcher.1')],
      data,
      requestId: meta.requestId,
      seen: headers['x-seen'],
    }),
  );
} finally {
  server.closeAllConnections();
  server.close();
}
