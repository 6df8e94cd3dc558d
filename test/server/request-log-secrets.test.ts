/**
 * The request log masks every secret a request carried (docs/reference-server.md, "The request log"): what
 * `GET /__admin/requests` (the inspector's data) shows holds no SECRET_FRAGMENT characters in a
 * row of one, and shows a credential as the key is shown (`****` and at most its last 4).
 */
import { createReferenceServer, type ReferenceServer, type RequestEntry } from 'loyalty-sdk/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_FRAGMENT } from '../../src/core/index.js';

/** A key of the server's, and a secret it does not know; both long, as real ones are. */
const API_KEY = 'lk_live_inspector_key_9c41e7b2d05f';
const SECRET = 'secret-token-31b8f0a6c2d94e57';
const QUOTED_KEY = 'lk_"quoted"_key_0123456789';

const servers: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface Sent {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** `sent` to a fresh reference server, and the one entry its log then shows. */
async function loggedEntry(sent: Sent): Promise<RequestEntry> {
  const server = createReferenceServer({ keys: [{ key: API_KEY, scopes: '*' }] });
  servers.push(server);
  const baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  const answer = await fetch(`${baseUrl}${sent.path}`, {
    method: sent.method ?? 'GET',
    headers: sent.headers,
    body: sent.body,
  });
  await answer.arrayBuffer();
  const log = await fetch(`${baseUrl}/__admin/requests`);
  const entries = ((await log.json()) as { data: RequestEntry[] }).data;
  expect(entries).toHaveLength(1);
  return entries[0] as RequestEntry;
}

/** The runs of SECRET_FRAGMENT characters of `secret` that `text` still holds. */
function survivors(text: string, secret: string): string[] {
  const found: string[] = [];
  for (let start = 0; start + SECRET_FRAGMENT <= secret.length; start++) {
    const piece = secret.slice(start, start + SECRET_FRAGMENT);
    if (text.includes(piece)) found.push(piece);
  }
  return found;
}

const TASKS = '/ext/v3/tareas';
const POINTS = '/ext/v3/clientes/cli_0001/puntos';
const keyed = (headers: Record<string, string> = {}) => ({ apikey: API_KEY, ...headers });
const write = (body: string): Sent => ({
  path: POINTS,
  method: 'POST',
  headers: keyed({ 'content-type': 'application/json', 'idempotency-key': 'secrets-0001' }),
  body,
});

describe('the request log shows no 8 characters in a row of a secret the request carried', () => {
  it.each<[string, string, Sent]>([
    [
      'an Authorization: Bearer credential',
      SECRET,
      { path: TASKS, headers: keyed({ authorization: `Bearer ${SECRET}` }) },
    ],
    [
      'a Proxy-Authorization credential',
      SECRET,
      { path: TASKS, headers: keyed({ 'proxy-authorization': `Basic ${SECRET}` }) },
    ],
    ['a Cookie value', SECRET, { path: TASKS, headers: keyed({ cookie: `theme=dark; session=${SECRET}` }) }],
    ['an apikey query parameter', SECRET, { path: `${TASKS}?apikey=${SECRET}`, headers: keyed() }],
    [
      'an apikey query parameter spelled in capitals, with no header',
      SECRET,
      { path: `${TASKS}?APIKEY=${SECRET}` },
    ],
    [
      'the apikey header value repeated in the path',
      API_KEY,
      { path: `/ext/v3/clientes/${API_KEY}`, headers: keyed() },
    ],
    [
      'the apikey header value repeated in the query',
      API_KEY,
      { path: `${TASKS}?q=${API_KEY}`, headers: keyed() },
    ],
    [
      'the apikey header value repeated in another header',
      API_KEY,
      { path: TASKS, headers: keyed({ 'x-api-key': API_KEY }) },
    ],
    [
      'the apikey header value repeated in the body',
      API_KEY,
      write(JSON.stringify({ puntos: 5, motivo: API_KEY })),
    ],
    [
      'the apikey header value split in two by an escaped line break in the body',
      API_KEY,
      write(`{"puntos":5,"motivo":"${API_KEY.slice(0, 16)}\\n${API_KEY.slice(16)}"}`),
    ],
    [
      'the apikey header value in the answer (a refusal naming a field the request named after it)',
      API_KEY,
      write(JSON.stringify({ puntos: 5, motivo: 'x', [API_KEY]: 1 })),
    ],
  ])('%s', async (_what, secret, sent) => {
    const entry = await loggedEntry(sent);
    expect(survivors(JSON.stringify(entry), secret)).toEqual([]);
  });
});

describe('the request log shows a credential as the key is shown', () => {
  it.each<[string, Sent, (entry: RequestEntry) => unknown, unknown]>([
    [
      'Authorization keeps its scheme: Bearer ****4e57',
      { path: TASKS, headers: keyed({ authorization: `Bearer ${SECRET}` }) },
      (entry) => entry.request.headers.authorization,
      `Bearer ****${SECRET.slice(-4)}`,
    ],
    [
      'Cookie keeps the names of its cookies',
      { path: TASKS, headers: keyed({ cookie: `theme=dark; session=${SECRET}` }) },
      (entry) => entry.request.headers.cookie,
      `theme=****; session=****${SECRET.slice(-4)}`,
    ],
    [
      'the query keeps its other parameters and the apikey name',
      { path: `${TASKS}?estado=0&apikey=${SECRET}`, headers: keyed() },
      (entry) => entry.query,
      `estado=0&apikey=****${SECRET.slice(-4)}`,
    ],
    [
      'the key repeated in the path is **** and its last 4 characters',
      { path: `/ext/v3/clientes/${API_KEY}`, headers: keyed() },
      (entry) => entry.path,
      `/ext/v3/clientes/****${API_KEY.slice(-4)}`,
    ],
    [
      'a key holding a quote, repeated escaped in a JSON body, is **** and its last 4 characters',
      { ...write(JSON.stringify({ motivo: QUOTED_KEY })), headers: { apikey: QUOTED_KEY } },
      (entry) => entry.request.body,
      `{"motivo":"****${QUOTED_KEY.slice(-4)}"}`,
    ],
  ])('%s', async (_rule, sent, shown, expected) => {
    expect(shown(await loggedEntry(sent))).toBe(expected);
  });
});
