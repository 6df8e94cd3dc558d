import { Readable } from 'node:stream';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, MAX_BODY_BYTES } from '../../src/server/internal.js';
import { newIdem } from '../support/in-process-engine.js';
import { serversClosedAfterEach } from '../support/server-per-test.js';

const started = serversClosedAfterEach();

const headers = { apikey: DEMO_API_KEY, 'content-type': 'application/json' };

describe('createReferenceServer over node:http', () => {
  it('listen() resolves to the base URL on 127.0.0.1, without /ext/v3', async () => {
    const { url } = await started();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers the engine over HTTP, status, headers and body alike', async () => {
    const { server, url } = await started();
    const response = await request(`${url}/ext/v3/clientes/cli_0001?completo=false`, { headers });
    const text = await response.body.text();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(text).data).toMatchObject({
      uid: 'cli_0001',
      puntos: server.admin.customer('cli_0001')?.puntos,
    });
  });

  it('reads a JSON body', async () => {
    const { server, url } = await started();
    const response = await request(`${url}/ext/v3/clientes/cli_0001/puntos`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': newIdem() },
      body: JSON.stringify({ puntos: 5 }),
    });
    await response.body.text();
    expect(response.statusCode).toBe(200);
    expect(server.admin.audit()).toHaveLength(1);
  });

  it('serves the admin routes without a key', async () => {
    const { url } = await started();
    const response = await request(`${url}/__admin/grupos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uids: ['cli_0001'] }),
    });
    expect((await response.body.json()) as object).toMatchObject({ data: { grupoId: 4 } });
  });

  it.each([
    ['with Content-Length', () => Buffer.alloc(MAX_BODY_BYTES + 10, 0x20)],
    ['chunked', () => Readable.from([Buffer.alloc(MAX_BODY_BYTES, 0x20), Buffer.alloc(1024, 0x20)])],
  ])('a body over 1 MiB sent %s is a 413', async (_case, body) => {
    const { url } = await started();
    const response = await request(`${url}/ext/v3/clientes/cli_0001/puntos`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': newIdem() },
      body: body(),
    });
    expect(response.statusCode).toBe(413);
    expect(((await response.body.json()) as { codigoRespuesta: number }).codigoRespuesta).toBe(9413);
  });

  it('close() stops listening', async () => {
    const { server, url } = await started();
    await server.close();
    await expect(request(`${url}/ext/v3/tareas`, { headers })).rejects.toThrow();
  });

  it('listen() twice is refused', async () => {
    const { server } = await started();
    await expect(server.listen()).rejects.toThrow(/already listening/);
  });
});
