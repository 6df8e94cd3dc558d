/**
 * Issue point 5, path traversal: a uid such as `../x`, `a/b`, `%2F`, `..%2F`, `?x` or `#x` travels
 * as one path segment and addresses exactly the customer of that uid, never another customer or
 * another route. Customers with such uids are created with `admin.createCustomer`, next to decoys
 * (`x`, `a`, `b`, `tareas`) that a mis-encoded path would reach instead. Over a real socket, with
 * the SDK's undici transport and with WHATWG fetch (which normalises `%2E%2E` and friends).
 *
 * test/client/operations.test.ts checks the encoding on the wire for `a/b` and `ñ ?#`, and
 * test/conformance/envelope.test.ts that the server routes `a%2Fb` and `..%2F..%2Ftareas` as one
 * segment; this file follows such uids end to end, for every customer operation.
 */
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoyaltyClient, LoyaltyValidationError } from '../../src/index.js';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServer } from '../../src/server/internal.js';
import { checkProperty, runsFor } from '../support/property-runs.js';

const HOSTILE_UIDS = [
  '../x',
  'a/b',
  '%2F',
  '..%2F',
  '?x',
  '#x',
  '..%2F..%2Ftareas',
  '../../tareas',
  '%2e%2e',
  '%2E%2E%2Fx',
  '.%2E',
  './x',
  'x/..',
  '...',
  'a?b#c',
  'a%b',
  'a%25b',
  '\\x',
  '..\\x',
  ' x ',
  'x;y',
  'ñandú',
  '😀',
  '%00',
];
const DECOYS = ['x', 'a', 'b', 'ab', 'x ', 'tareas', 'puntos'];

let server: ReferenceServer;
let baseUrl: string;

beforeAll(async () => {
  server = createReferenceServer({
    limits: {
      rateLimit: { limit: Number.POSITIVE_INFINITY },
      groupActionsPerMinute: Number.POSITIVE_INFINITY,
    },
  });
  baseUrl = await server.listen({ port: 0 });
  for (const uid of [...HOSTILE_UIDS, ...DECOYS]) server.admin.createCustomer({ uid, puntos: 100 });
});
afterAll(() => server.close());

const transports = {
  undici: () => new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, maxRetries: 0, logLevel: 'off' }),
  fetch: () =>
    new LoyaltyClient({
      apiKey: DEMO_API_KEY,
      baseUrl,
      maxRetries: 0,
      logLevel: 'off',
      fetch: globalThis.fetch,
    }),
};

/** Balances of every customer this file made, to see which one a call touched. */
function balances(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const uid of [...HOSTILE_UIDS, ...DECOYS]) out[uid] = server.admin.customer(uid)?.puntos ?? Number.NaN;
  return out;
}

describe.each(Object.entries(transports))('uids that look like paths, over %s', (_name, make) => {
  it.each(HOSTILE_UIDS)('%j addresses exactly its own customer in every customer operation', async (uid) => {
    const client = make();
    expect((await client.clientes.retrieve(uid)).uid).toBe(uid);
    expect((await client.clientes.retrieve(uid, { completo: false })).uid).toBe(uid);

    const before = balances();
    const added = await client.clientes.puntos.add(uid, { puntos: 3, motivo: 'segmento' });
    expect(added.uid).toBe(uid);
    expect(balances()).toEqual({ ...before, [uid]: (before[uid] ?? 0) + 3 });

    const history = await client.clientes.puntos.list(uid);
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((movement) => movement.uid === uid)).toBe(true);

    expect((await client.clientes.update(uid, { ciudad: 'Lima' })).uid).toBe(uid);
    expect(server.admin.customer(uid)?.ciudad).toBe('Lima');
    expect((await client.clientes.notificaciones.send(uid, { titulo: 't', mensaje: 'm' })).uid).toBe(uid);
    expect((await client.clientes.nivel.recalculate(uid)).uid).toBe(uid);
    for (const decoy of DECOYS) expect(server.admin.customer(decoy)?.ciudad).toBeUndefined();
  });

  it('"." and ".." (removed by URL normalisation) are refused before sending', async () => {
    const client = make();
    for (const uid of ['.', '..']) {
      await expect(client.clientes.retrieve(uid)).rejects.toBeInstanceOf(LoyaltyValidationError);
    }
  });
});

describe('any uid (fast-check)', () => {
  const uid = fc
    .string({ unit: 'binary', minLength: 1, maxLength: 128 })
    .filter((value) => value !== '.' && value !== '..');

  it('a customer created with any uid is reached by that uid, over undici and over fetch', async () => {
    const seen = new Set<string>([...HOSTILE_UIDS, ...DECOYS]);
    const clients = [transports.undici(), transports.fetch()];
    const property = fc.asyncProperty(uid, async (value) => {
      if (!seen.has(value)) {
        seen.add(value);
        server.admin.createCustomer({ uid: value });
      }
      for (const client of clients) {
        expect((await client.clientes.retrieve(value)).uid).toBe(value);
        const history = await client.clientes.puntos.list(value);
        expect(history.every((movement) => movement.uid === value)).toBe(true);
      }
    });
    await checkProperty('uids as one path segment', property, runsFor(300));
  });
});
