/**
 * A service that misbehaves on purpose (issue 34's table of attacks): a `node:http` server on
 * 127.0.0.1, port 0, answering the API's paths (`/ext/v3/...`) with one attack chosen per
 * instance. Its large bodies are generated as they are sent and stop when the client leaves.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import {
  brotliBomb,
  deepJson,
  dripEnvelope,
  echoEnvelope,
  endlessEnvelope,
  gzipBomb,
  hugeNumbers,
  lateAnswer,
  nulHttp,
  nulJson,
  paddedEnvelope,
  stream,
  success,
} from './bodies.js';
import { closeServer, listen, type OtherOrigin, startOtherOrigin } from './other-origin.js';

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export type Attack =
  | `redirect-${RedirectStatus}`
  | '600mb'
  | '600mb-chunked'
  | '200mb'
  | 'endless'
  | 'brotli-bomb'
  | 'gzip-bomb'
  | 'drip'
  | 'hang'
  | 'echo'
  | 'nul-header'
  | 'nul-json'
  | 'deep-json'
  | 'huge-numbers';

const MB = 1_000_000;
/** `lateMs` unless told: a deadline of 1 s plus a second. */
const LATE_MS = 2_000;
/** The query the redirect's target carries, which no error may repeat. */
export const REDIRECT_QUERY = 'next=hostile-query-marker';

export interface HostileOptions {
  attack: Attack;
  /** The key the client sends: the echoing attacks hand it back. */
  key: string;
  /**
   * `served`: `openapi.json` answers a document listing clientes.retrieve and clientes.puntos.add
   * (the MCP server reads it before it offers tools), and only the other paths are attacked.
   * `hostile` (default): it is attacked like every path (verify's discovery reads it first).
   */
  document?: 'served' | 'hostile';
  /** The pause between two bytes of the drip. */
  dripMs?: number;
  /**
   * When the hang answers and the drip ends, from the request's arrival: the cell's deadline plus
   * a second. A call that keeps its deadline has left by then.
   */
  lateMs?: number;
  /** The clock a measured table times runs by (table.mjs); the tests time nothing. */
  now?: () => number;
}

export interface Seen {
  method: string;
  path: string;
  /** `now()` when the request arrived, when a clock was given. */
  at: number | undefined;
  /** Who ended the exchange: the service, its answer sent whole; or the client, gone before that. */
  endedBy: Promise<'service' | 'client'>;
}

export interface HostileServer {
  /** The service's `{base_url}`, for `baseUrl` and `LOYALTY_BASE_URL`. */
  baseUrl: string;
  /** The requests that met the attack, in order. */
  attacked: Seen[];
  /** Where the redirects point; undefined for the other attacks. */
  other: OtherOrigin | undefined;
  close(): Promise<void>;
}

const OFFERED = new Set(['clientes.retrieve', 'clientes.puntos.add']);

type Answer = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const json = (status: number, body: string, headers: Record<string, string | number> = {}) =>
  ((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  }) satisfies Answer;

const streamed =
  (chunks: () => Iterable<Buffer>, headers: Record<string, string | number> = {}, everyMs = 0): Answer =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    return stream(res, chunks(), everyMs);
  };

async function attackAnswer(options: HostileOptions, other: OtherOrigin | undefined): Promise<Answer> {
  const { attack, key, lateMs = LATE_MS } = options;
  if (attack.startsWith('redirect-')) {
    const status = Number(attack.slice('redirect-'.length));
    return (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      res.writeHead(status, { location: `${other?.origin}${path}?${REDIRECT_QUERY}` }).end();
    };
  }
  switch (attack) {
    case '600mb':
      return streamed(() => paddedEnvelope(600 * MB), { 'content-length': 600 * MB });
    case '600mb-chunked':
      return streamed(() => paddedEnvelope(600 * MB));
    case '200mb':
      return streamed(() => paddedEnvelope(200 * MB), { 'content-length': 200 * MB });
    case 'endless':
      return streamed(endlessEnvelope);
    case 'drip': {
      const dripMs = options.dripMs ?? 100;
      return streamed(() => dripEnvelope(Math.ceil(lateMs / dripMs)), {}, dripMs);
    }
    case 'brotli-bomb':
      return bombAnswer(await brotliBomb(), 'br');
    case 'gzip-bomb':
      return bombAnswer(gzipBomb(), 'gzip');
    case 'hang':
      return (_req, res) => lateAnswer(res, lateMs, success({ uid: 'cli_0001' }));
    case 'echo':
      return json(200, echoEnvelope(key, { uid: 'cli_0001', nombre: 'Ana', puntos: 100, echo: key }), {
        'x-request-id': key,
      });
    case 'nul-header':
      return (req) => void req.socket.end(Buffer.from(nulHttp(key), 'latin1'));
    case 'nul-json':
      return (_req, res) =>
        void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(Buffer.from(nulJson(key), 'latin1'));
    case 'deep-json':
      return json(200, deepJson(100_000));
    case 'huge-numbers':
      return json(200, hugeNumbers());
  }
  throw new Error(`no such attack: ${attack}`);
}

function bombAnswer(bomb: Buffer, encoding: string): Answer {
  return (_req, res) => {
    res
      .writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': encoding,
        'content-length': bomb.length,
      })
      .end(bomb);
  };
}

export async function startHostileServer(options: HostileOptions): Promise<HostileServer> {
  const other = options.attack.startsWith('redirect-') ? await startOtherOrigin() : undefined;
  const answer = await attackAnswer(options, other);
  const attacked: Seen[] = [];
  const document = () => buildOpenApiDocument((operation) => OFFERED.has(operation.id), baseUrl);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith('/ext/v3/')) return json(404, success(null))(req, res);
    const discovery = path === '/ext/v3/openapi.json';
    if (discovery && options.document === 'served') return json(200, success(document()))(req, res);
    const endedBy = new Promise<'service' | 'client'>((resolve) =>
      res.once('close', () => resolve(res.writableFinished ? 'service' : 'client')),
    );
    attacked.push({ method: req.method ?? '', path, at: options.now?.(), endedBy });
    // A request's body is read, as a service reads it, whatever the answer.
    req.resume();
    // The echo comes with a real document: verify reads it, then probes, and every answer echoes.
    if (discovery && options.attack === 'echo')
      return json(200, echoEnvelope(options.key, document()), { 'x-request-id': options.key })(req, res);
    Promise.resolve(answer(req, res)).catch(() => res.destroy());
  });
  const baseUrl = await listen(server);
  return {
    baseUrl,
    attacked,
    other,
    async close() {
      await Promise.all([closeServer(server), other?.close()]);
    },
  };
}
