// @ts-check
// Calling the service through an HTTP proxy: give the client an undici `ProxyAgent` as its
// `dispatcher`. A small forward proxy started in this script (node:http, with Basic proxy
// authentication) counts what it forwards, so we can see every SDK call went through it.
//
//   1. `proxyTunnel: false`: plain-HTTP forwarding; the proxy sees each request (absolute form).
//   2. The default: a CONNECT tunnel per connection, as for an https:// service; the proxy sees
//      only the tunnel, and the requests inside it stay between the SDK and the service.
//
// Run: node examples/proxy.mjs (starts an embedded reference server unless LOYALTY_BASE_URL and
// LOYALTY_API_KEY point at a service).
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { LoyaltyClient } from 'loyalty-sdk';
import { ProxyAgent } from 'undici';
import { target } from './lib/target.mjs';

const { baseUrl, apiKey, embedded, close } = await target();
console.log(embedded ? `Started the reference server at ${baseUrl}` : `Using ${baseUrl}`);

const PROXY_CREDENTIALS = `Basic ${Buffer.from('integrator:proxy-secret').toString('base64')}`;

/** A forward proxy: absolute-form requests are relayed, CONNECT opens a TCP tunnel. */
async function startProxy() {
  const stats = {
    forwarded: /** @type {string[]} */ ([]),
    tunnels: /** @type {string[]} */ ([]),
    refused: 0,
  };
  const proxy = createServer((req, res) => {
    if (req.headers['proxy-authorization'] !== PROXY_CREDENTIALS) {
      stats.refused++;
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="proxy"' }).end();
      return;
    }
    const url = new URL(req.url ?? ''); // absolute form: http://host:port/path?query
    stats.forwarded.push(`${req.method} ${url.pathname}${url.search}`);
    const { 'proxy-authorization': _credentials, 'proxy-connection': _connection, ...headers } = req.headers;
    const upstream = httpRequest(url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  proxy.on('connect', (req, socket, head) => {
    if (req.headers['proxy-authorization'] !== PROXY_CREDENTIALS) {
      stats.refused++;
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    stats.tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (proxy.address());
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () => {
      proxy.closeAllConnections();
      return new Promise((resolve) => proxy.close(() => resolve(undefined)));
    },
  };
}

/**
 * The same three calls through whichever client.
 * @param {LoyaltyClient} client
 */
async function someCalls(client) {
  const niveles = await client.configuracion.niveles.list();
  const promociones = await client.promociones.list({ tipo: 1 });
  const catalogo = await client.reportes.catalogo.retrieve();
  return `${niveles.length} levels, ${promociones.length} gifts and promotions, ${Object.keys(catalogo).length} report datasets`;
}

const proxy = await startProxy();
console.log(`Started a forward proxy at ${proxy.url} (Basic auth)`);
const isHttps = new URL(baseUrl).protocol === 'https:';
try {
  // 1. Plain-HTTP forwarding: the proxy relays (and can count) each request.
  if (!isHttps) {
    const dispatcher = new ProxyAgent({ uri: proxy.url, token: PROXY_CREDENTIALS, proxyTunnel: false });
    const client = new LoyaltyClient({ apiKey, baseUrl, dispatcher });
    console.log(`\n1. Forwarding (proxyTunnel: false): ${await someCalls(client)}`);
    for (const line of proxy.stats.forwarded) console.log(`   proxy forwarded ${line}`);
    assert.deepEqual(
      proxy.stats.forwarded,
      ['/ext/v3/configuracion/niveles', '/ext/v3/promociones?tipo=1', '/ext/v3/reportes/catalogo'].map(
        (path) => `GET ${new URL(baseUrl).pathname.replace(/\/$/, '')}${path}`,
      ),
    );
    await dispatcher.close();
  }

  // 2. Tunnelling (the default, and the only way to an https:// service).
  const tunnelling = new ProxyAgent({ uri: proxy.url, token: PROXY_CREDENTIALS });
  const client = new LoyaltyClient({ apiKey, baseUrl, dispatcher: tunnelling });
  console.log(`\n2. Tunnelling (CONNECT): ${await someCalls(client)}`);
  const { host, port, protocol } = new URL(baseUrl);
  const authority = host.includes(':') ? host : `${host}:${protocol === 'https:' ? 443 : 80}`;
  for (const tunnel of proxy.stats.tunnels) console.log(`   proxy opened a tunnel to ${tunnel}`);
  assert.ok(proxy.stats.tunnels.length >= 1, 'the calls went through a tunnel');
  assert.ok(proxy.stats.tunnels.every((tunnel) => tunnel === authority || tunnel.endsWith(`:${port}`)));
  await tunnelling.close();

  // Without the proxy's credentials the proxy refuses, and the SDK says so.
  const refusing = new ProxyAgent({ uri: proxy.url, proxyTunnel: false });
  try {
    await new LoyaltyClient({ apiKey, baseUrl, dispatcher: refusing, maxRetries: 0 }).tareas.list();
    if (!isHttps) assert.fail('expected the proxy to refuse a request without credentials');
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.log(`\nWithout proxy credentials: ${error.name}: ${error.message}`);
    assert.ok(proxy.stats.refused >= 1);
  } finally {
    await refusing.close();
  }

  console.log(
    `\nDone: ${proxy.stats.forwarded.length} requests forwarded and ${proxy.stats.tunnels.length} tunnel(s) opened by the proxy; none bypassed it.`,
  );
} finally {
  await proxy.close();
  await close();
}
