import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { HttpSettings } from './args.js';
import { httpRefusal } from './http-access.js';
import { createSessionServer, type ServerContext } from './server.js';

/** Where the transport answers. */
export const MCP_PATH = '/mcp';

const SESSION_HEADER = 'mcp-session-id';

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Streamable HTTP: each session (its `Mcp-Session-Id`) gets a protocol server of its own, so its
 * derived keys and previews are its own. Resolves with the URL once listening; `closed` when the
 * process is asked to stop.
 */
export async function serveHttp(context: ServerContext, settings: HttpSettings) {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = httpRefusal(req, settings.token);
    if (refusal) return refuse(res, ...refusal);
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH)
      return refuse(res, 404, `The MCP endpoint is ${MCP_PATH}`);
    const id = req.headers[SESSION_HEADER];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (typeof id === 'string' && known === undefined)
      return refuse(res, 404, 'Session not found: initialize again');
    if (known) return known.handleRequest(req, res);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createSessionServer(context).connect(transport);
    await transport.handleRequest(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, (error as Error).message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
