/**
 * The request log behind the inspector: `GET /__admin/requests` (filters), its live stream, the
 * state routes, the fault switch, `admin.requests()` in process, and who may reach them.
 */
import { LoyaltyClient } from 'loyalty-sdk';
import {
  createReferenceServer,
  createTestClient,
  DEMO_API_KEY,
  type ReferenceServer,
  type ReferenceServerOptions,
  type RequestEntry,
} from 'loyalty-sdk/server';
import { afterEach, describe, expect, it } from 'vitest';

const servers: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function started(options: ReferenceServerOptions = {}, host?: string) {
  const server = createReferenceServer(options);
  servers.push(server);
  const baseUrl = await server.listen(host ? { host } : {});
  const client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, maxRetries: 0, logLevel: 'off' });
  return { server, baseUrl, client };
}

async function adminGet<T>(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<T> {
  const answer = await fetch(`${baseUrl}/__admin/${path}`, { headers });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

const add = (client: LoyaltyClient, key: string, puntos = 5) =>
  client.clientes.puntos.add('cli_0001', { puntos, motivo: 'Compra' }, { idempotencyKey: key });

describe('GET /__admin/requests', () => {
  it('lists the API requests newest first, with operation, masked key, app, status and request id; admin requests are not logged', async () => {
    const { baseUrl, client } = await started();
    const { meta } = await client.clientes.retrieve('cli_0001').withResponse();
    await fetch(`${baseUrl}/__admin/audit`);
    await client.tareas.list();
    const entries = await adminGet<RequestEntry[]>(baseUrl, 'requests');
    expect(entries.map((entry) => [entry.id, entry.operationId, entry.status])).toEqual([
      [2, 'tareas.list', 200],
      [1, 'clientes.retrieve', 200],
    ]);
    expect(entries[1]).toMatchObject({
      method: 'GET',
      path: '/ext/v3/clientes/cli_0001',
      key: '****opes',
      appId: 1,
      requestId: meta.requestId,
      idempotency: null,
      fault: null,
    });
  });

  it('never keeps the value of the apikey header', async () => {
    const { baseUrl, client } = await started();
    await add(client, 'kept-no-key-1');
    const text = JSON.stringify(await adminGet(baseUrl, 'requests'));
    expect(text).not.toContain(DEMO_API_KEY);
    expect(text).toContain('"idempotency-key":"kept-no-key-1"');
  });

  it('names the idempotency outcome: new, replayed (with the original entry), conflict', async () => {
    const { baseUrl, client } = await started();
    await add(client, 'outcome-key-1');
    await add(client, 'outcome-key-1');
    await add(client, 'outcome-key-1', 6).catch(() => {});
    const entries = await adminGet<RequestEntry[]>(baseUrl, 'requests');
    expect(entries.map((entry) => [entry.id, entry.idempotency, entry.replayOf, entry.status])).toEqual([
      [3, 'conflict', null, 409],
      [2, 'replayed', 1, 200],
      [1, 'new', null, 200],
    ]);
    expect(entries[2]?.idempotencyKey).toBe('outcome-key-1');
  });

  it.each([
    ['operation=clientes.retrieve', [3, 1]],
    ['status=404', [3]],
    ['status=2xx', [2, 1]],
    ['uid=cli_0002', [2]],
    ['since=1', [3, 2]],
  ])('filters by %s', async (query, ids) => {
    const { baseUrl, client } = await started();
    await client.clientes.retrieve('cli_0001');
    await client.clientes.puntos.list('cli_0002');
    await client.clientes.retrieve('cli_9999').catch(() => {});
    const entries = await adminGet<RequestEntry[]>(baseUrl, `requests?${query}`);
    expect(entries.map((entry) => entry.id)).toEqual(ids);
  });

  it('refuses an unknown filter with a 400 and details', async () => {
    const { baseUrl } = await started();
    const answer = await fetch(`${baseUrl}/__admin/requests?state=4xx&status=44`);
    expect(answer.status).toBe(400);
    const { details } = (await answer.json()) as { details: { name: string }[] };
    expect(details.map((detail) => detail.name).sort()).toEqual(['state', 'status']);
  });

  it('refuses an operation filter that names no operation with a 400 naming the nearest id', async () => {
    const { baseUrl } = await started();
    const answer = await fetch(`${baseUrl}/__admin/requests?operation=clientes.puntos.ad`);
    expect(answer.status).toBe(400);
    const { details } = (await answer.json()) as { details: { name: string; message: string }[] };
    expect(details).toEqual([
      expect.objectContaining({
        name: 'operation',
        message: expect.stringContaining('"clientes.puntos.add"'),
      }),
    ]);
  });

  it('keeps the newest `requestLog.size` entries and each body up to `requestLog.bodyChars`', async () => {
    const { baseUrl, client } = await started({ requestLog: { size: 2, bodyChars: 10 } });
    for (const key of ['ring-key-0001', 'ring-key-0002', 'ring-key-0003']) await add(client, key);
    const entries = await adminGet<RequestEntry[]>(baseUrl, 'requests');
    expect(entries.map((entry) => entry.id)).toEqual([3, 2]);
    expect(entries[0]?.request).toMatchObject({ body: '{"puntos":', bodyTruncated: true });
    expect(entries[0]?.response.body).toHaveLength(10);
  });

  it('names an injected fault', async () => {
    const { baseUrl, client } = await started({ faults: { seed: 1, sequence: ['serverError'] } });
    await client.tareas.list().catch(() => {});
    const [entry] = await adminGet<RequestEntry[]>(baseUrl, 'requests');
    expect(entry).toMatchObject({ status: 500, fault: 'serverError' });
  });

  it('is emptied by a reset; the ids go on', async () => {
    const { baseUrl, client } = await started();
    await client.tareas.list();
    await fetch(`${baseUrl}/__admin/reset`, { method: 'POST' });
    expect(await adminGet<RequestEntry[]>(baseUrl, 'requests')).toEqual([]);
    await client.tareas.list();
    expect((await adminGet<RequestEntry[]>(baseUrl, 'requests')).map((entry) => entry.id)).toEqual([2]);
  });
});

describe('GET /__admin/requests/stream', () => {
  it('sends each new entry as a Server-Sent Event, and a reset', async () => {
    const { baseUrl, client } = await started();
    const controller = new AbortController();
    const answer = await fetch(`${baseUrl}/__admin/requests/stream`, { signal: controller.signal });
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await client.clientes.retrieve('cli_0001');
    await readUntil('"operationId":"clientes.retrieve"');
    await fetch(`${baseUrl}/__admin/reset`, { method: 'POST' });
    await readUntil('event: reset');
    expect(text).toMatch(/event: request\ndata: \{"id":1,/);
    controller.abort();
  });
});

describe('the state routes', () => {
  it('GET /__admin/state: customers, groups with their members, tasks, promotions, and whether faults are on', async () => {
    const { baseUrl } = await started();
    const state = await adminGet<Record<string, unknown[]> & { faults: unknown }>(baseUrl, 'state');
    expect(state.customers?.length).toBeGreaterThan(0);
    expect(state.groups?.[0]).toMatchObject({ grupoId: 1, miembros: expect.any(Array) });
    expect(state.tasks?.length).toBeGreaterThan(0);
    expect(state.promotions?.length).toBeGreaterThan(0);
    expect(state.faults).toEqual({ enabled: false });
  });

  it('GET /__admin/customers/<uid>: the customer, its movements and its audit; 404 for an unknown one', async () => {
    const { baseUrl, client } = await started();
    await add(client, 'audit-key-0001', 7);
    const detail = await adminGet<{
      customer: { uid: string };
      movements: unknown[];
      audit: { puntos: number }[];
    }>(baseUrl, 'customers/cli_0001');
    expect(detail.customer.uid).toBe('cli_0001');
    expect(detail.movements.length).toBeGreaterThan(0);
    expect(detail.audit.map((entry) => entry.puntos)).toEqual([7]);
    expect((await fetch(`${baseUrl}/__admin/customers/cli_9999`)).status).toBe(404);
  });

  it('GET /__admin/customers/<uid>: a uid that is not valid percent-encoding is a 400 naming it', async () => {
    const { baseUrl } = await started();
    const answer = await fetch(`${baseUrl}/__admin/customers/%E0%A4%A`);
    expect(answer.status).toBe(400);
    const { details } = (await answer.json()) as { details: { in: string; name: string; message: string }[] };
    expect(details).toEqual([
      expect.objectContaining({ in: 'path', name: 'uid', message: 'is not valid percent-encoding' }),
    ]);
  });

  it('POST /__admin/faults {enabled} switches fault injection on and off', async () => {
    const { baseUrl } = await started();
    const post = (enabled: unknown) =>
      fetch(`${baseUrl}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled }),
      });
    expect(((await (await post(true)).json()) as { data: unknown }).data).toEqual({ enabled: true });
    expect((await adminGet<{ faults: unknown }>(baseUrl, 'state')).faults).toEqual({ enabled: true });
    await post(false);
    expect((await adminGet<{ faults: unknown }>(baseUrl, 'state')).faults).toEqual({ enabled: false });
    expect((await post('yes')).status).toBe(400);
  });
});

describe('admin.requests() in process', () => {
  it('createTestClient sees the same log', async () => {
    const { client, admin } = await createTestClient();
    await client.clientes.retrieve('cli_0001');
    expect(admin.requests().map((entry) => entry.operationId)).toEqual(['clientes.retrieve']);
    expect(admin.requests({ status: '4xx' })).toEqual([]);
  });
});

describe('who may reach the inspector and the admin routes', () => {
  it('without a token, a server bound beyond loopback answers them 403 and still serves the API', async () => {
    const { baseUrl } = await started({}, '0.0.0.0');
    const local = baseUrl.replace('0.0.0.0', '127.0.0.1');
    const refused = await fetch(`${local}/__inspector`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { msj: string }).msj).toContain('adminToken');
    expect((await fetch(`${local}/__admin/requests`)).status).toBe(403);
    expect((await fetch(`${local}/ext/v3/tareas`, { headers: { apikey: DEMO_API_KEY } })).status).toBe(200);
  });

  it('with adminToken they need it, as a bearer token or ?token=', async () => {
    const { baseUrl } = await started({ adminToken: 'inspector-token-1' });
    expect((await fetch(`${baseUrl}/__admin/requests`)).status).toBe(401);
    expect(
      (await fetch(`${baseUrl}/__admin/requests`, { headers: { authorization: 'Bearer wrong-token' } }))
        .status,
    ).toBe(401);
    expect(
      (await fetch(`${baseUrl}/__admin/requests`, { headers: { authorization: 'Bearer inspector-token-1' } }))
        .status,
    ).toBe(200);
    expect((await fetch(`${baseUrl}/__admin/requests?token=inspector-token-1&status=2xx`)).status).toBe(200);
    const page = await fetch(`${baseUrl}/__inspector?token=inspector-token-1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('refuses an adminToken shorter than 8 characters without echoing it', () => {
    expect(() => createReferenceServer({ adminToken: 'short' })).toThrow(
      'adminToken must be a string of at least 8 characters without spaces',
    );
  });
});

describe('admin.requests() of the MSW handlers', () => {
  it('logs what the handlers answered', async () => {
    const { setupServer } = await import('msw/node');
    const { createLoyaltyHandlers } = await import('loyalty-sdk/msw');
    const baseUrl = 'https://loyalty.msw.example';
    const { handlers, admin } = createLoyaltyHandlers({ baseUrl });
    const mocked = setupServer(...handlers);
    mocked.listen({ onUnhandledRequest: 'error' });
    try {
      const client = new LoyaltyClient({
        apiKey: DEMO_API_KEY,
        baseUrl,
        fetch: globalThis.fetch,
        maxRetries: 0,
      });
      await client.clientes.retrieve('cli_0001');
      expect(admin.requests().map((entry) => [entry.operationId, entry.status, entry.key])).toEqual([
        ['clientes.retrieve', 200, '****opes'],
      ]);
    } finally {
      mocked.close();
    }
  });
});
