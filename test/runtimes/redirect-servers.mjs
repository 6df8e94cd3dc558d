// @ts-check
/**
 * The matrix's redirect case: a service that answers every request with a 307 to another origin,
 * and that other origin, which counts whatever reaches it (a followed redirect, or a browser's
 * preflight for one). Both answer CORS as the reference server does, so that in a browser it is
 * the SDK's rule, not CORS, that keeps the request home.
 */
import { createServer } from 'node:http';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'apikey, idempotency-key, content-type, accept, traceparent, tracestate',
  'access-control-expose-headers': '*',
  'access-control-max-age': '600',
};

/** @param {import('node:http').Server} server */
async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

/** @param {import('node:http').Server} server */
function close(server) {
  return new Promise((resolve) => {
    server.close(() => resolve(undefined));
    server.closeAllConnections();
  });
}

export async function startRedirectServers() {
  let received = 0;
  const elsewhere = createServer((req, res) => {
    received += 1;
    req.resume();
    res
      .writeHead(200, { ...CORS, 'content-type': 'application/json' })
      .end(JSON.stringify({ codigoRespuesta: 0, msj: 'OK', data: { uid: 'cli_0001', puntos: 999999 } }));
  });
  const elsewhereOrigin = await listen(elsewhere);
  const redirecting = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    req.resume();
    const path = (req.url ?? '/').split('?')[0];
    res.writeHead(307, { ...CORS, location: `${elsewhereOrigin}${path}?next=matrix` }).end();
  });
  return {
    /** The baseUrl of the redirecting service. */
    redirect: await listen(redirecting),
    /** The other origin the redirects point to. */
    elsewhere: elsewhereOrigin,
    /** How many requests reached the other origin. */
    received: () => received,
    close: () => Promise.all([close(redirecting), close(elsewhere)]),
  };
}
