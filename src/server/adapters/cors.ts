import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_KEY_HEADER, IDEMPOTENCY_HEADER_NAME, REPLAYED_HEADER_NAME } from '../../core/index.js';
import { operations } from '../../operations/table.js';
import { FAULT_HEADER } from '../faults/inject.js';
import { denyFraming } from '../inspector/index.js';
import { isAdminPath } from './admin-access.js';

/**
 * CORS of the reference server over node:http (docs/decisions.md, "Runtimes"). Its API is a local
 * test double with demo data, so any origin may call it, and without credentials: a page served
 * from another port, with a client made with `dangerouslyAllowBrowser: true`, reaches it. The
 * admin routes and the inspector show what the integration sent: without an admin token they
 * grant no origin (admin-access.ts refuses other sites' pages too); with one, whoever sends it.
 */

/**
 * The answer headers beyond the CORS-safelisted ones that a page must be able to read: what the
 * SDK reads (`retry-after`), what `.withResponse()` shows (`x-request-id`, `idempotent-replayed`
 * on a replay, `x-loyalty-fault` on an injected fault) and the `allow` of a 405.
 */
const EXPOSED_HEADERS = ['retry-after', 'x-request-id', REPLAYED_HEADER_NAME, FAULT_HEADER, 'allow'].join(
  ', ',
);

/** The methods of the table (the admin routes use GET and POST, among them). */
const ALLOWED_METHODS = [...new Set(operations.map((operation) => operation.method))].join(', ');

/** The request headers the client sets (client/request.ts). Headers a caller adds are not granted. */
const ALLOWED_HEADERS = [
  API_KEY_HEADER,
  'content-type',
  IDEMPOTENCY_HEADER_NAME,
  'accept',
  'user-agent',
].join(', ');

/** Carried by every answer of the node:http adapter. */
export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
});

const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': ALLOWED_METHODS,
  'access-control-allow-headers': ALLOWED_HEADERS,
  'access-control-max-age': '600',
});

/** The admin routes, with a token: it travels as `Authorization: Bearer`. */
const ADMIN_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...PREFLIGHT_HEADERS,
  'access-control-allow-headers': 'authorization, content-type',
});

/** The CORS headers of an answer; none for the admin routes and the inspector (`admin`) without a token. */
export function corsHeadersFor(
  admin: boolean,
  adminToken: string | undefined,
): Readonly<Record<string, string>> | undefined {
  return admin && adminToken === undefined ? undefined : CORS_HEADERS;
}

/**
 * A CORS preflight: OPTIONS with `Access-Control-Request-Method`, as browsers send it. A plain
 * OPTIONS is no preflight and still gets the engine's 405 envelope.
 */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
}

/**
 * 204 with the CORS grant, before routing and the key check: a preflight carries no key. The admin
 * routes and the inspector without a token grant nothing: 403, which fails the preflight.
 */
export function answerPreflight(
  res: ServerResponse,
  path: string,
  adminToken: string | undefined,
  closeConnection: boolean,
): void {
  const admin = isAdminPath(path);
  if (admin && adminToken === undefined) {
    const refused = denyFraming({ 'content-length': '0' });
    if (closeConnection) refused.connection = 'close';
    res.writeHead(403, refused);
    res.end();
    return;
  }
  const headers = admin ? denyFraming(ADMIN_PREFLIGHT_HEADERS) : { ...PREFLIGHT_HEADERS };
  // A body left unread cannot be skipped on a kept-alive connection (as in node-write-head.ts).
  if (closeConnection) headers.connection = 'close';
  res.writeHead(204, headers);
  res.end();
}
