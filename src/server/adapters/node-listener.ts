import type { IncomingMessage, ServerResponse } from 'node:http';
import { failureResponse } from '../answers/envelope.js';
import type { EngineRequest, EngineResponse } from '../answers/response.js';
import { MAX_BODY_BYTES } from '../engine/body.js';
import { newMeta } from '../engine/steps.js';
import { denyFraming, type ReferenceEngine } from '../inspector/index.js';
import { adminRefusal, isAdminPath } from './admin-access.js';
import { answerPreflight, corsHeadersFor, isPreflight } from './cors.js';
import { deliverFault } from './node-faults.js';
import { writeHeadFor } from './node-write-head.js';
import { REQUEST_STREAM_PATH, streamRequests } from './request-stream.js';

/** Where the listener's server is bound, and the admin token it was given: who may reach the admin routes. */
export interface AdminBinding {
  host: string;
  token: string | undefined;
}

/**
 * The body goes to node:http as the string it is: node:http then writes the head and the body in
 * one piece, where a Buffer would cost its allocation and a two-part write.
 */
function send(
  res: ServerResponse,
  response: EngineResponse,
  closeConnection: boolean,
  cors: Readonly<Record<string, string>> | undefined,
): void {
  writeHeadFor(res, response, Buffer.byteLength(response.body), closeConnection, cors);
  res.end(response.body);
}

/** An answer of the inspector or an admin route: no other site's page may frame it. */
function framingDenied(response: EngineResponse): EngineResponse {
  return { ...response, headers: denyFraming(response.headers) };
}

function answer(
  engine: ReferenceEngine,
  res: ServerResponse,
  request: EngineRequest,
  bodyUnread: boolean,
  cors: Readonly<Record<string, string>> | undefined,
  admin: boolean,
): void {
  const deliver = (given: EngineResponse) => {
    const response = admin ? framingDenied(given) : given;
    if (response.fault === undefined) send(res, response, bodyUnread, cors);
    else deliverFault(res, response, (out, late) => send(out, late, bodyUnread, cors), cors);
  };
  const response = engine.respond(request);
  if (response instanceof Promise) {
    // respond() never rejects; should an adapter bug make it, the connection must not hang.
    response.then(deliver, () => res.destroy());
  } else {
    deliver(response);
  }
}

/**
 * The access rule of the admin routes and the inspector (admin-access.ts), and the request log's
 * live stream, which only this adapter can serve. False when the request was answered here.
 */
function admitted(
  engine: ReferenceEngine,
  binding: AdminBinding,
  req: IncomingMessage,
  res: ServerResponse,
  request: EngineRequest,
  hasBody: boolean,
): boolean {
  const query = new URLSearchParams(request.query);
  const refusal = adminRefusal(req, query, binding.host, binding.token);
  if (refusal) {
    send(
      res,
      framingDenied(failureResponse(refusal, newMeta())),
      hasBody,
      corsHeadersFor(true, binding.token),
    );
    return false;
  }
  if (query.has('token')) {
    query.delete('token');
    request.query = query.toString();
  }
  if (request.path === REQUEST_STREAM_PATH && request.method === 'GET') {
    streamRequests(engine.requestLog, res, denyFraming({ ...corsHeadersFor(true, binding.token) }));
    return false;
  }
  return true;
}

/**
 * A node:http request listener over the engine. It reads at most MAX_BODY_BYTES + 1 bytes of a
 * body: that much is enough for the engine to answer 413, after its key and scope checks. A CORS
 * preflight is answered here, before the engine (cors.ts).
 */
export function createNodeListener(
  engine: ReferenceEngine,
  binding: AdminBinding = { host: '127.0.0.1', token: undefined },
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const declared = req.headers['content-length'];
    const hasBody =
      declared === undefined ? req.headers['transfer-encoding'] !== undefined : declared !== '0';
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    if (isPreflight(req)) {
      answerPreflight(res, mark === -1 ? url : url.slice(0, mark), binding.token, hasBody);
      return;
    }
    // node:http lower-cases header names; only `set-cookie` can be an array, and the engine never reads it.
    const request: EngineRequest = {
      method: req.method ?? 'GET',
      path: mark === -1 ? url : url.slice(0, mark),
      query: mark === -1 ? '' : url.slice(mark + 1),
      headers: req.headers as Record<string, string | undefined>,
    };
    const admin = isAdminPath(request.path);
    if (admin && !admitted(engine, binding, req, res, request, hasBody)) return;
    const cors = corsHeadersFor(admin, binding.token);
    if (!hasBody || Number(declared) > MAX_BODY_BYTES) {
      answer(engine, res, request, hasBody, cors, admin);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received <= MAX_BODY_BYTES) return;
      req.off('data', onData).off('end', onEnd);
      req.pause();
      request.body = Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1);
      answer(engine, res, request, true, cors, admin);
    };
    const onEnd = () => {
      request.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      answer(engine, res, request, false, cors, admin);
    };
    req
      .on('data', onData)
      .on('end', onEnd)
      .on('error', () => res.destroy());
  };
}
