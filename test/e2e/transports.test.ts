/**
 * The three ways to reach a reference server give the same answers: the default undici
 * transport and `fetch: globalThis.fetch` over a live server on 127.0.0.1, and
 * `createTestClient()` (in-process undici Dispatcher, no port). Each starts from the demo seed.
 */
import { type LoyaltyClient, NotFoundError, UnprocessableEntityError } from 'loyalty-sdk';
import { IN_PROCESS_BASE_URL, type ReferenceAdmin } from 'loyalty-sdk/server';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_APP_ID,
  BASE_KEYS,
  GENEROUS_LIMITS,
  REQUEST_ID,
  rejectionOf,
  UUID_V4,
  useLiveServer,
} from '../support/live-server.js';
import { createCheckedTestClient } from '../support/openapi-check.js';

const server = useLiveServer();

interface Transport {
  name: string;
  client: LoyaltyClient;
  admin: ReferenceAdmin;
}

let transports: Transport[] = [];

beforeEach(async () => {
  server.admin.reset();
  // createTestClient's wiring, with every answer checked against the OpenAPI document.
  const inProcess = await createCheckedTestClient({ keys: BASE_KEYS, limits: GENEROUS_LIMITS });
  transports = [
    { name: 'undici', client: server.client(), admin: server.admin },
    { name: 'fetch', client: server.client({ fetch: globalThis.fetch }), admin: server.admin },
    { name: 'in-process', client: inProcess.client, admin: inProcess.admin },
  ];
});

/** Runs `work` on each transport in turn (the live server is reset before the second). */
async function onEach<Result>(work: (transport: Transport) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = [];
  for (const transport of transports) {
    transport.admin.reset();
    results.push(await work(transport));
  }
  return results;
}

/** Movement dates are the time of the request; everything else must agree. */
const withoutDates = (movements: Record<string, unknown>[]) => movements.map(({ fecha, ...rest }) => rest);

describe('undici, fetch and in-process transports', () => {
  it('the in-process client needs no port: its base URL is not an address on the network', () => {
    const inProcess = transports[2]?.client;
    expect(inProcess?.apiUrl).toBe(`${IN_PROCESS_BASE_URL}/ext/v3`);
    expect(transports[0]?.client.apiUrl).toBe(`${server.url}/ext/v3`);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answer the same data to every read of the seed; the OpenAPI document names each its own server', async () => {
    const answers = await onEach(async ({ client }) => ({
      tareas: await client.tareas.list(),
      cliente: await client.clientes.retrieve('cli_0011'),
      resumen: await client.clientes.retrieve('cli_0011', { completo: false }),
      niveles: await client.configuracion.niveles.list(),
      promociones: await client.promociones.list({ tipo: 1 }),
      cupones: await client.promociones.cupones.list(5, { inicio: '2025-01-30', fin: '2025-02-02' }),
      catalogo: await client.reportes.catalogo.retrieve(),
      openapi: await client.openapi.retrieve(),
    }));
    expect(answers[0]?.cliente).toMatchObject({ uid: 'cli_0011', nombre: 'Karina', puntos: 7_300 });
    const servers = answers.map((answer) => answer.openapi.servers);
    expect(servers).toEqual([[{ url: server.url }], [{ url: server.url }], [{ url: IN_PROCESS_BASE_URL }]]);
    const elsewhere = answers.map(({ openapi: { servers: _servers, ...document }, ...reads }) => ({
      ...reads,
      document,
    }));
    expect(elsewhere[1]).toEqual(elsewhere[0]);
    expect(elsewhere[2]).toEqual(elsewhere[0]);
  });

  it('apply the same write with the same effect', async () => {
    const answers = await onEach(async ({ client }) => {
      const added = await client.clientes.puntos.add('cli_0002', { puntos: 40, motivo: 'transportes' });
      const removed = await client.clientes.puntos.add('cli_0002', { puntos: -15, motivo: 'canje' });
      const history = await client.clientes.puntos.list('cli_0002');
      return { added, removed, history: withoutDates(history) };
    });
    expect(answers[0]?.removed).toMatchObject({ uid: 'cli_0002', puntos: -15, saldo: 25 });
    expect(answers[0]?.history.slice(-2)).toEqual([
      expect.objectContaining({ puntos: 40, motivo: 'transportes', saldo: 40, grupoId: null }),
      expect.objectContaining({ puntos: -15, motivo: 'canje', saldo: 25, grupoId: null }),
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('give the same meta and a generated key in withResponse()', async () => {
    const responses = await onEach(({ client }) =>
      client.clientes.update('cli_0003', { ciudad: 'Lima' }).withResponse(),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.meta).toEqual({
        requestId: expect.stringMatching(REQUEST_ID),
        appId: ALL_APP_ID,
        scope: 'clientes:write',
      });
      expect(response.headers['x-request-id']).toBe(response.meta.requestId);
      expect(response.idempotencyKey).toMatch(UUID_V4);
      expect(response.data).toMatchObject({ uid: 'cli_0003', ciudad: 'Lima' });
    }
  });

  it('replay an idempotent write alike', async () => {
    const replays = await onEach(async ({ client, admin }) => {
      const options = { idempotencyKey: 'transport-replay-0001' };
      const first = await client.clientes.puntos.add('cli_0002', { puntos: 5 }, options).withResponse();
      const second = await client.clientes.puntos.add('cli_0002', { puntos: 5 }, options).withResponse();
      return {
        sameRequestId: second.meta.requestId === first.meta.requestId,
        replayed: second.headers['idempotent-replayed'],
        saldo: admin.customer('cli_0002')?.puntos,
      };
    });
    expect(replays).toEqual([
      { sameRequestId: true, replayed: 'true', saldo: 5 },
      { sameRequestId: true, replayed: 'true', saldo: 5 },
      { sameRequestId: true, replayed: 'true', saldo: 5 },
    ]);
  });

  it('map the same failures to the same error classes', async () => {
    const failures = await onEach(async ({ client }) => {
      const missing = await rejectionOf(client.clientes.retrieve('no-existe'));
      const short = await rejectionOf(client.clientes.puntos.add('cli_0002', { puntos: -1 }));
      return [missing, short].map((error) => {
        const api = error as NotFoundError | UnprocessableEntityError;
        return {
          class: api.constructor.name,
          status: api.status,
          codigoRespuesta: api.codigoRespuesta,
          appId: api.meta?.appId,
          legacy: api instanceof UnprocessableEntityError ? api.legacy : undefined,
        };
      });
    });
    expect(failures[0]).toEqual([
      { class: NotFoundError.name, status: 404, codigoRespuesta: 9404, appId: ALL_APP_ID, legacy: undefined },
      {
        class: UnprocessableEntityError.name,
        status: 422,
        codigoRespuesta: 9422,
        appId: ALL_APP_ID,
        legacy: { codigo: 'SALDO_INSUFICIENTE', uid: 'cli_0002', saldo: 0, puntos: -1 },
      },
    ]);
    expect(failures[1]).toEqual(failures[0]);
    expect(failures[2]).toEqual(failures[0]);
  });

  it('return the same help text', async () => {
    const texts = await onEach(({ client }) => client.help('grupos.puntos.add'));
    expect(texts[0]).toMatch(/^grupos\.puntos\.add: /);
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
  });
});
