import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { HttpSettings } from './args.js';
import { BoundedEventStore } from './event-store.js';
import { httpRefusal } from './http-access.js';
import { initializeBody } from './initialize-body.js';
import { createSessionServer, type ServerContext } from './server.js';
import { SessionTable } from './sessions.js';
import { primeGetStream, SSE_RETRY_MS } from './sse-priming.js';

/** Where the transport answers. */
const MCP_PATH = '/mcp';

const SESSION_HEADER = 'mcp-session-id';

/** What tests replace: the clock sessions age by, and how often idle ones are looked for besides on each request. */
export interface HttpClock {
  now?: () => number;
  sweepEveryMs?: number;
}

function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  { code = -32000, id = null }: { code?: number; id?: string | number | null } = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(status === 503 ? { 'retry-after': '1' } : {}),
  });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}

/**
 * Once the answer is sent ('finish', before the client can read its end, so its next request
 * finds the session idle) or the connection is gone ('close'); `done` may run twice.
 */
function whenAnswered(res: ServerResponse, done: () => void): void {
  res.once('finish', done);
  res.once('close', done);
}

/** Idle sessions are looked for on every request, and at this pace when none comes. */
const sweepPace = (idleMs: number): number => Math.min(60_000, Math.max(1_000, Math.floor(idleMs / 10)));

type Sessions = SessionTable<StreamableHTTPServerTransport>;

/** Each session's events, kept for a client that reconnects its stream (bounded: event-store.ts). */
const eventsOf = new WeakMap<StreamableHTTPServerTransport, BoundedEventStore>();

/** What every request of one HTTP server is answered with. */
interface Served {
  context: ServerContext;
  settings: HttpSettings;
  sessions: Sessions;
}

/** An `initialize` without a session: room made for it, its transport and protocol server started. */
async function startSession(
  { context, settings, sessions }: Served,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await initializeBody(req);
  if (body.kind === 'refused') return refuse(res, body.status, body.message, { code: body.code });
  if (!sessions.makeRoom()) {
    return refuse(
      res,
      503,
      `Too many MCP sessions: all ${settings.maxSessions} (--max-sessions) have a request in progress; try again shortly`,
      { id: body.id },
    );
  }
  const sessionId = randomUUID();
  const events = new BoundedEventStore();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => sessionId,
    enableJsonResponse: true,
    eventStore: events,
    retryInterval: SSE_RETRY_MS,
  });
  eventsOf.set(transport, events);
  const release = sessions.add(sessionId, transport);
  transport.onclose = () => sessions.end(sessionId);
  whenAnswered(res, () => {
    release();
    // The transport refused the initialize (a wrong Accept, say): no session began.
    if (transport.sessionId === undefined) sessions.end(sessionId);
  });
  await createSessionServer(context).connect(transport);
  await transport.handleRequest(req, res, body.message);
}

/** One HTTP request: refused, handed to its session, or the start of a new one. */
async function handle(served: Served, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { settings, sessions } = served;
  const refusal = httpRefusal(req, settings.token);
  if (refusal) return refuse(res, ...refusal);
  if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH)
    return refuse(res, 404, `The MCP endpoint is ${MCP_PATH}`);
  sessions.sweep();
  const id = req.headers[SESSION_HEADER];
  if (typeof id === 'string') {
    const used = sessions.use(id);
    if (used === undefined) return refuse(res, 404, 'Session not found: initialize again', { code: -32001 });
    whenAnswered(res, used.release);
    const events = eventsOf.get(used.transport);
    if (events) primeGetStream(req, res, events);
    return used.transport.handleRequest(req, res);
  }
  if (req.method !== 'POST')
    return refuse(
      res,
      400,
      'Bad Request: Mcp-Session-Id header is required (a session starts with initialize)',
    );
  return startSession(served, req, res);
}

/**
 * Streamable HTTP: each session (its `Mcp-Session-Id`) gets a protocol server of its own (the
 * derived keys and dry runs are the process's memory, shared by all). Sessions end after `sessionIdleMs` with no request open,
 * and at most `maxSessions` live: an `initialize` beyond ends the least recently used idle one,
 * or is refused (503) when every one has a request open. Resolves with the URL once listening.
 */
export async function serveHttp(context: ServerContext, settings: HttpSettings, clock: HttpClock = {}) {
  const sessions: Sessions = new SessionTable<StreamableHTTPServerTransport>(settings, clock.now);
  const served: Served = { context, settings, sessions };
  const server = createServer((req, res) => {
    handle(served, req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, context.mask(String((error as Error)?.message ?? error)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, resolve);
  });
  const sweeper = setInterval(
    () => sessions.sweep(),
    clock.sweepEveryMs ?? sweepPace(settings.sessionIdleMs),
  );
  sweeper.unref();
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    /** The sessions alive now. */
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweeper);
      await sessions.endAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
