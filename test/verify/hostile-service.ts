/**
 * A service that misbehaves over HTTP (issue "A hostile or broken service"): a tiny node:http
 * server that answers each request by a `Misbehaviour`, or passes it to a reference server behind
 * it (`upstream`), so that verify gets past discovery and meets the misbehaviour on its probes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers the request, or returns false to pass it on. */
export type Misbehaviour = (request: IncomingMessage, response: ServerResponse) => boolean;

const json = (response: ServerResponse, status: number, body: string) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body);
};

/**
 * An envelope that echoes the key: in `meta.requestId`, in `data` (a 2xx; by default as a value and
 * as a field's name), or in `msj` and `details` (a refusal, `status` 400 or more).
 */
export const echoKey =
  (key: string, data: unknown = { uid: 'cli_echo', nota: key, [key]: 1 }, status = 200): Misbehaviour =>
  (_, response) => {
    const meta = { requestId: key, appId: 1, scope: null };
    const envelope =
      status < 400
        ? { codigoRespuesta: 0, msj: 'OK', data, meta }
        : { codigoRespuesta: 9400, msj: `campo invalido: ${key}`, details: { campo: key }, meta };
    json(response, status, JSON.stringify(envelope));
    return true;
  };

/** An envelope whose `data` (or, for a refusal, `details`) nests `depth` arrays deep. */
export const deepJson =
  (depth: number, status = 200): Misbehaviour =>
  (_, response) => {
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const [code, field] = status < 400 ? [0, 'data'] : [9400, 'details'];
    json(
      response,
      status,
      `{"codigoRespuesta":${code},"msj":"deep","${field}":${deep},"meta":{"requestId":"r-deep"}}`,
    );
    return true;
  };

/** Takes the request and never answers it. */
export const neverAnswer: Misbehaviour = () => true;

/** A 200 whose body never ends: spaces, a mebibyte at a time, for as long as the client reads. */
export const endlessBody: Misbehaviour = (_, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1 << 20, ' ');
  const more = () => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', more);
  more();
  return true;
};

/** Only requests other than the OpenAPI document: discovery passes on to the reference server. */
export const afterDiscovery =
  (misbehaviour: Misbehaviour): Misbehaviour =>
  (request, response) =>
    !request.url?.startsWith('/ext/v3/openapi.json') && misbehaviour(request, response);

/** Headers of the body as fetch received it, not as it passes it on (decoded, whole). */
const BODY_FRAMING = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection']);

async function passOn(upstream: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
  const answer = await fetch(`${upstream}${request.url}`, {
    method: request.method,
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
  const passed = [...answer.headers].filter(([name]) => !BODY_FRAMING.has(name));
  response.writeHead(answer.status, Object.fromEntries(passed));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

export interface HostileService {
  baseUrl: string;
  close(): Promise<void>;
}

/** Serves `misbehaviour` on 127.0.0.1, a free port; what it passes on goes to `upstream`. */
export async function hostileService(misbehaviour: Misbehaviour, upstream?: string): Promise<HostileService> {
  const server = createServer((request, response) => {
    if (misbehaviour(request, response)) return;
    if (upstream === undefined) return json(response, 404, '{}');
    passOn(upstream, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every run of 8 characters of `secret`: none may appear where it is masked. */
export function secretFragments(secret: string): string[] {
  return Array.from({ length: secret.length - 7 }, (_, start) => secret.slice(start, start + 8));
}
