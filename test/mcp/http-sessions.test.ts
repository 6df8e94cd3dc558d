/**
 * The sessions of `loyalty mcp --http` (docs/mcp.md, "Sessions over HTTP"): they end after
 * `--session-idle-ms` with no request open, at most `--max-sessions` live (a new one ends the least
 * recently used idle one, or is refused 503 when every one is in use), and a flood of `initialize`
 * holds neither memory nor sessions beyond the cap. The clock is injected: no test waits on time.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/cli/mcp/http.js';
import { remembering } from '../../src/cli/mcp/remembering.js';
import { SessionTable } from '../../src/cli/mcp/sessions.js';
import { keyMask } from '../../src/cli/mcp/shown.js';
import { LoyaltyClient } from '../../src/index.js';
import { tableOperation } from '../../src/operations/table.js';
import { initialize, inParallel, openStream, ping } from './http-client.js';
import { ALL_SCOPES_KEY, httpServer, referenceServer } from './mcp-harness.js';

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

class FakeTransport {
  closed = false;
  async close(): Promise<void> {
    this.closed = true;
  }
}

describe('SessionTable', () => {
  const limits = { sessionIdleMs: 1_000, maxSessions: 2 };

  it('ends a session idle for sessionIdleMs, closing its transport', () => {
    const time = clock();
    const table = new SessionTable<FakeTransport>(limits, time.now);
    const transport = new FakeTransport();
    table.add('a', transport)();
    time.advance(999);
    table.sweep();
    expect([table.size, transport.closed]).toEqual([1, false]);
    time.advance(1);
    table.sweep();
    expect([table.size, transport.closed]).toEqual([0, true]);
  });

  it('counts idleness from the end of the last request', () => {
    const time = clock();
    const table = new SessionTable<FakeTransport>(limits, time.now);
    table.add('a', new FakeTransport())();
    time.advance(900);
    table.use('a')?.release();
    time.advance(900);
    table.sweep();
    expect(table.size).toBe(1);
  });

  it('never ends a session with a request open, however long it stays open', () => {
    const time = clock();
    const table = new SessionTable<FakeTransport>(limits, time.now);
    table.add('a', new FakeTransport());
    time.advance(1_000_000);
    table.sweep();
    expect(table.size).toBe(1);
  });

  it('makes room at the cap by ending the least recently used idle session', () => {
    const table = new SessionTable<FakeTransport>(limits, clock().now);
    const [a, b] = [new FakeTransport(), new FakeTransport()];
    table.add('a', a)();
    table.add('b', b)();
    table.use('a')?.release();
    expect(table.makeRoom()).toBe(true);
    expect([a.closed, b.closed, table.size]).toEqual([false, true, 1]);
  });

  it('makes no room at the cap when every session has a request open', () => {
    const table = new SessionTable<FakeTransport>(limits, clock().now);
    const [a, b] = [new FakeTransport(), new FakeTransport()];
    table.add('a', a);
    table.add('b', b);
    expect(table.makeRoom()).toBe(false);
    expect([a.closed, b.closed, table.size]).toEqual([false, false, 2]);
  });

  it('forgets a session that ended and answers no use of it', () => {
    const table = new SessionTable<FakeTransport>(limits, clock().now);
    table.add('a', new FakeTransport())();
    table.end('a');
    expect(table.use('a')).toBeUndefined();
    expect(table.size).toBe(0);
  });
});

describe('serveHttp sessions, in process with an injected clock', () => {
  const context = {
    client: new LoyaltyClient({ apiKey: ALL_SCOPES_KEY, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 }),
    offered: { appId: 1, operations: [tableOperation('clientes.retrieve')] },
    caps: {},
    mask: keyMask(ALL_SCOPES_KEY),
    ...remembering({ apiKey: ALL_SCOPES_KEY, service: 'http://127.0.0.1:9/ext/v3', file: undefined }),
  };
  const started: { close(): Promise<void> }[] = [];
  afterEach(() => Promise.all(started.splice(0).map((served) => served.close())));

  async function served(limits: { sessionIdleMs: number; maxSessions: number }, now: () => number) {
    const server = await serveHttp(
      context,
      { host: '127.0.0.1', port: 0, token: undefined, ...limits },
      { now, sweepEveryMs: 3_600_000 },
    );
    started.push(server);
    return server;
  }

  it('ends a session after --session-idle-ms with no request: its id then answers 404', async () => {
    const time = clock();
    const server = await served({ sessionIdleMs: 60_000, maxSessions: 10 }, time.now);
    const { sessionId } = await initialize(server.url);
    time.advance(59_999);
    expect(await ping(server.url, sessionId as string)).toBe(200);
    time.advance(60_000);
    expect(await ping(server.url, sessionId as string)).toBe(404);
    expect(server.sessionCount()).toBe(0);
  });

  it('never holds more than --max-sessions: each initialize beyond ends the least recently used', async () => {
    const server = await served({ sessionIdleMs: 60_000, maxSessions: 3 }, clock().now);
    const ids: string[] = [];
    const counts: number[] = [];
    for (let index = 0; index < 10; index++) {
      const started = await initialize(server.url);
      expect(started.status).toBe(200);
      ids.push(started.sessionId as string);
      counts.push(server.sessionCount());
    }
    expect(Math.max(...counts)).toBe(3);
    const statuses = [];
    for (const id of ids) statuses.push(await ping(server.url, id));
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404, 200, 200, 200]);
  });

  it('refuses an initialize with 503 and a JSON-RPC error when every session has a request open', async () => {
    const server = await served({ sessionIdleMs: 60_000, maxSessions: 1 }, clock().now);
    const first = await initialize(server.url);
    const stream = await openStream(server.url, first.sessionId as string);
    expect(stream.status).toBe(200);
    const refused = await initialize(server.url);
    stream.close();
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: expect.stringContaining('--max-sessions') },
    });
    expect(server.sessionCount()).toBe(1);
  });

  it('ends no session for a request that names none and is no initialize', async () => {
    const server = await served({ sessionIdleMs: 60_000, maxSessions: 1 }, clock().now);
    const first = await initialize(server.url);
    const stray = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }),
    });
    expect(stray.status).toBe(400);
    expect(await ping(server.url, first.sessionId as string)).toBe(200);
  });
});

describe('a flood of initialize against the built bin (loyalty mcp --http)', () => {
  const FLOOD = 2_000;
  const CAP = 50;
  const setup = referenceServer();

  /** The child's peak resident memory, from /proc (Linux). */
  function peakRssMb(pid: number): number {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]);
    return kb / 1024;
  }

  it(`${FLOOD.toLocaleString('en')} sessions opened: peak RSS under 150 MB, and at most --max-sessions ${CAP} live`, async () => {
    const served = await httpServer((await setup).url, ALL_SCOPES_KEY, ['--max-sessions', String(CAP)]);
    const started = await inParallel(FLOOD, 8, () => initialize(served.url));
    expect(started.filter((answer) => answer.status === 200)).toHaveLength(FLOOD);
    const rss = peakRssMb(served.child.pid as number);
    console.info(`loyalty mcp --http after ${FLOOD} initialize: peak RSS ${rss.toFixed(1)} MB`);
    expect(rss).toBeLessThan(150);
    const alive = await inParallel(FLOOD, 8, (index) =>
      ping(served.url, started[index]?.sessionId as string),
    );
    expect(alive.filter((status) => status === 200)).toHaveLength(CAP);
    expect(alive.filter((status) => status === 404)).toHaveLength(FLOOD - CAP);
  });
});
