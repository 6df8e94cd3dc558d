/**
 * Issue point 4b over a real socket: the same random requests sent to `createReferenceServer`
 * through node:http (which adds its own handling of Content-Length, bodies over 1 MiB and
 * connection reuse) get a 2xx or 4xx envelope, and the server keeps serving.
 */
import * as fc from 'fast-check';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/operations/index.js';
import {
  createReferenceEngine,
  DEMO_API_KEY,
  type EngineRequest,
  MAX_BODY_BYTES,
  type ReferenceEngine,
  type ReferenceServer,
  serveEngine,
} from '../../src/server/internal.js';
import { checkProperty, runsFor, timeoutFor } from '../support/property-runs.js';
import { NO_LIMITS } from '../support/recording-client.js';
import { SEED_UIDS } from './arbitraries.js';
import { prototypeChanges, snapshotPrototypes, storeProblems } from './invariants.js';
import {
  anyRequest,
  describeRequest,
  hostileBodyRequest,
  operationRequest,
  responseProblems,
} from './requests.js';

const RUNS = runsFor(300);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Every character outside printable ASCII as %XX of its UTF-8 bytes (a lone surrogate as U+FFFD's). */
function wireSafe(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x20 && code < 0x7f) out += char;
    else
      for (const byte of Buffer.from(char, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A header value undici sends as is: Latin-1 without CR, LF or NUL. */
const sendableValue = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

let engine: ReferenceEngine;
let server: ReferenceServer;
let baseUrl: string;
const agent = new Agent({ connections: 4, keepAliveTimeout: 1_000 });
const prototypesBefore = snapshotPrototypes();
const created: string[] = [];

beforeAll(async () => {
  engine = createReferenceEngine({ limits: NO_LIMITS });
  server = serveEngine(engine);
  baseUrl = await server.listen({ port: 0 });
});

afterAll(async () => {
  await agent.close();
  await server.close();
});

/** Long runs reset the server now and then (after checking it), so its state stays small. */
const RESET_EVERY = 5_000;
let handled = 0;

async function sendOverHttp(engineRequest: EngineRequest): Promise<void> {
  handled += 1;
  if (handled % RESET_EVERY === 0) {
    const problems = await storeProblems(engine, [...SEED_UIDS, ...created]);
    if (problems.length > 0) throw new Error(`after ${handled} requests: ${problems.join('\n')}`);
    server.admin.reset();
    created.length = 0;
  }
  const method =
    TOKEN.test(engineRequest.method) && engineRequest.method !== 'CONNECT' ? engineRequest.method : 'GET';
  let path = wireSafe(engineRequest.path);
  if (!path.startsWith('/')) path = `/${path}`;
  const query = wireSafe(engineRequest.query);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(engineRequest.headers)) {
    if (value === undefined || !TOKEN.test(name) || !sendableValue(value)) continue;
    if (['host', 'content-length', 'transfer-encoding', 'connection', 'expect', 'upgrade'].includes(name))
      continue;
    headers[name] = value;
  }
  const body = method === 'GET' || method === 'HEAD' ? undefined : engineRequest.body;
  const bodyBytes =
    body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(`${baseUrl}${path}${query === '' ? '' : `?${query}`}`, {
      method: method as 'GET',
      headers,
      body,
      dispatcher: agent,
    });
  } catch (error) {
    // A body over 1 MiB: the server answers 413 after MAX_BODY_BYTES + 1 bytes and closes, so the
    // rest of the upload may meet a closed socket. Anything else is a failure.
    if (bodyBytes > MAX_BODY_BYTES) return;
    throw new Error(`no answer (${String(error)}) to ${describeRequest(engineRequest)}`);
  }
  const text = await answer.body.text();
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    flat[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const problems = responseProblems(
    { status: answer.statusCode, headers: flat, body: text },
    method !== 'HEAD',
  );
  if (problems.length > 0) {
    throw new Error(
      `${problems.join('; ')}\nrequest: ${describeRequest(engineRequest)}\nanswer: ${answer.statusCode} ${text.slice(0, 300)}`,
    );
  }
  if (
    answer.statusCode === 200 &&
    method === 'POST' &&
    path === `${API_PREFIX}/clientes` &&
    flat['content-type']?.startsWith('application/json')
  ) {
    created.push((JSON.parse(text) as { data: { uid: string } }).data.uid);
  }
}

describe('reference server over HTTP under random requests (fast-check, node:http)', () => {
  it(
    'every request gets a 2xx or 4xx envelope, or (bodies over 1 MiB) the connection closes after a 413',
    async () => {
      const requests = fc.oneof(operationRequest, hostileBodyRequest, anyRequest);
      await checkProperty('server over http', fc.asyncProperty(requests, sendOverHttp), RUNS);
      const alive = await request(`${baseUrl}${API_PREFIX}/tareas`, { headers: { apikey: DEMO_API_KEY } });
      expect(alive.statusCode).toBe(200);
      await alive.body.text();
      expect(prototypeChanges(prototypesBefore)).toEqual([]);
      expect(await storeProblems(engine, [...SEED_UIDS, ...created])).toEqual([]);
    },
    timeoutFor(RUNS, 10),
  );
});
