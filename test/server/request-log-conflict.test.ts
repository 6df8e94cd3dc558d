/**
 * The inspector's request log on what a reader needs to act on: a 409 names the request that
 * holds its Idempotency-Key and how the two differ, and the state route says how many requests
 * the log dropped.
 */
import { LoyaltyClient } from 'loyalty-sdk';
import { createReferenceServer, createTestClient, DEMO_API_KEY } from 'loyalty-sdk/server';
import { describe, expect, it } from 'vitest';

async function conflictOf(
  first: (client: LoyaltyClient) => Promise<unknown>,
  refused: (client: LoyaltyClient) => Promise<unknown>,
) {
  const { client, admin } = await createTestClient({ client: { maxRetries: 0 } });
  await first(client);
  await expect(refused(client)).rejects.toMatchObject({ status: 409 });
  const [entry] = admin.requests();
  expect(entry?.idempotency).toBe('conflict');
  return { entry, admin };
}

describe('a conflict in the request log', () => {
  it('names the entry that used the key first and the body field that differs', async () => {
    const { entry, admin } = await conflictOf(
      (client) =>
        client.clientes.puntos.add(
          'cli_0001',
          { puntos: 5, motivo: 'Compra' },
          { idempotencyKey: 'conflict-key-1' },
        ),
      (client) =>
        client.clientes.puntos.add(
          'cli_0001',
          { puntos: 7, motivo: 'Compra' },
          { idempotencyKey: 'conflict-key-1' },
        ),
    );
    const firstUse = admin.requests({ operation: 'clientes.puntos.add' }).at(-1);
    expect(entry?.conflict).toEqual({
      firstUse: firstUse?.id,
      differences: [{ at: 'body.puntos', first: '5', now: '7' }],
    });
  });

  it('names a field present on one side only, nested fields by their path', async () => {
    const { entry } = await conflictOf(
      (client) =>
        client.clientes.create(
          { usuarioData: { nombre: 'Ana', email: 'ana@example.com' } },
          { idempotencyKey: 'conflict-key-2' },
        ),
      (client) =>
        client.clientes.create(
          { usuarioData: { nombre: 'Ana', email: 'ana.p@example.com', telefono: '555' } },
          { idempotencyKey: 'conflict-key-2' },
        ),
    );
    expect(entry?.conflict?.differences).toEqual([
      { at: 'body.usuarioData.email', first: '"ana@example.com"', now: '"ana.p@example.com"' },
      { at: 'body.usuarioData.telefono', first: null, now: '"555"' },
    ]);
  });

  it('names the operation and path when the key was used by another operation', async () => {
    const { entry, admin } = await conflictOf(
      (client) => client.clientes.puntos.add('cli_0001', { puntos: 5 }, { idempotencyKey: 'conflict-key-3' }),
      (client) =>
        client.clientes.notificaciones.send(
          'cli_0002',
          { titulo: 'Hola', mensaje: 'Hola' },
          { idempotencyKey: 'conflict-key-3' },
        ),
    );
    const firstUse = admin.requests({ operation: 'clientes.puntos.add' })[0];
    expect(entry?.conflict?.firstUse).toBe(firstUse?.id);
    expect(entry?.conflict?.differences?.slice(0, 2)).toEqual([
      { at: 'operation', first: 'clientes.puntos.add', now: 'clientes.notificaciones.send' },
      {
        at: 'path',
        first: '/ext/v3/clientes/cli_0001/puntos',
        now: '/ext/v3/clientes/cli_0002/notificaciones',
      },
    ]);
  });

  it("a request refused before the key was taken (a 400) is not the key's holder", async () => {
    const server = createReferenceServer();
    const baseUrl = await server.listen();
    try {
      const post = (body: unknown) =>
        fetch(`${baseUrl}/ext/v3/clientes/cli_0001/puntos`, {
          method: 'POST',
          headers: {
            apikey: DEMO_API_KEY,
            'content-type': 'application/json',
            'idempotency-key': 'conflict-key-4',
          },
          body: JSON.stringify(body),
        });
      expect((await post({ puntos: 5 })).status).toBe(200);
      expect((await post({ puntos: 'five' })).status).toBe(400);
      expect((await post({ puntos: 6 })).status).toBe(409);
      const [conflict, refused, holder] = server.admin.requests();
      expect(refused?.status).toBe(400);
      expect(conflict?.conflict).toEqual({
        firstUse: holder?.id,
        differences: [{ at: 'body.puntos', first: '5', now: '6' }],
      });
    } finally {
      await server.close();
    }
  });

  it('other entries have no conflict', async () => {
    const { client, admin } = await createTestClient();
    await client.clientes.puntos.add('cli_0001', { puntos: 5 }, { idempotencyKey: 'conflict-key-5' });
    await client.clientes.puntos.add('cli_0001', { puntos: 5 }, { idempotencyKey: 'conflict-key-5' });
    expect(admin.requests().map((entry) => entry.conflict)).toEqual([null, null]);
  });
});

describe('GET /__admin/state: requestLog', () => {
  it('says how many requests were answered and how many the log kept, so the page can say what it dropped', async () => {
    const server = createReferenceServer({ requestLog: { size: 5 } });
    const baseUrl = await server.listen();
    try {
      const client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, maxRetries: 0 });
      for (let call = 0; call < 8; call++) await client.tareas.list();
      const state = async () =>
        ((await (await fetch(`${baseUrl}/__admin/state`)).json()) as { data: { requestLog: unknown } }).data
          .requestLog;
      expect(await state()).toEqual({ recorded: 8, kept: 5, size: 5 });
      await fetch(`${baseUrl}/__admin/reset`, { method: 'POST' });
      expect(await state()).toEqual({ recorded: 0, kept: 0, size: 5 });
    } finally {
      await server.close();
    }
  });
});
