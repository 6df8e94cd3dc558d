// @ts-check
/**
 * The fixed-response HTTP server of the benchmarks, run as its own process so that its CPU is not
 * counted as the client's. Every path answers the same small success envelope, except
 * `GET /models`, which answers what openai-node's `models.list()` accepts. Prints its base URL.
 */
import { createServer } from 'node:http';

const ENVELOPE = Buffer.from(
  JSON.stringify({
    codigoRespuesta: 0,
    msj: 'Éxito',
    data: {
      uid: 'c-0001',
      email: 'ana.perez@example.com',
      nombre: 'Ana',
      apellido: 'Pérez',
      telefono: '+56911111111',
      ciudad: 'Santiago',
      puntos: 1250,
      nivel: 'Oro',
      etiquetas: ['vip', 'newsletter'],
    },
    meta: { requestId: 'r', appId: 1, scope: 'clientes:read' },
  }),
);

const MODEL_LIST = Buffer.from(JSON.stringify({ object: 'list', data: [] }));

/** @param {Buffer} body */
function headersFor(body) {
  return { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
}

const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
  const body = request.method === 'GET' && request.url === '/models' ? MODEL_LIST : ENVELOPE;
  // Read the request body to its end first, so that a keep-alive connection stays usable after a POST.
  request.on('end', () => response.writeHead(200, headersFor(body)).end(body));
  request.resume();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});

// The parent closes our stdin (or dies): stop with it.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
