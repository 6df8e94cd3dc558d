import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ERROR_CODES } from '../../operations/envelope.js';
import { ApiFailureError } from '../answers/failures.js';
import { ADMIN_PREFIX, INSPECTOR_PATH } from '../inspector/index.js';

/** Whether a path is the inspector's or an admin route's: what the access rule guards. */
export function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) || path === INSPECTOR_PATH || path.startsWith(`${INSPECTOR_PATH}/`);
}

/** A loopback address or name, as a bind host or a Host header's name: `127.0.0.1`, `localhost`, `::1`. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase();
  // The whole of an IPv4 literal: `127.0.0.1.example.com` is a name anyone can point anywhere.
  return name === 'localhost' || name === '::1' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The name of a Host header: `[::1]:4010` -> `[::1]`, `localhost:4010` -> `localhost`. */
function hostName(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.lastIndexOf(':');
  return colon === -1 ? hostHeader : hostHeader.slice(0, colon);
}

/**
 * Without a token, a loopback bind is only the start: any web page the developer has open can
 * send requests to 127.0.0.1, directly (its Origin then names it) or through a name of its own
 * that it points at 127.0.0.1 (its Host then names it). Only the server's own pages and
 * programs on this machine, which send no Origin, get through.
 */
function browserRefusal(req: IncomingMessage): ApiFailureError | undefined {
  const host = req.headers.host ?? '';
  if (!isLoopback(hostName(host))) {
    return new ApiFailureError(
      403,
      ERROR_CODES.forbidden,
      `The admin routes and the inspector answer only requests addressed to a loopback name (127.0.0.1, localhost, [::1]), not to ${JSON.stringify(host)}: set adminToken (loyalty serve --admin-token) to reach them by other names`,
    );
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) {
    return new ApiFailureError(
      403,
      ERROR_CODES.forbidden,
      `The admin routes and the inspector answer only their own page and programs on this machine, not a page of ${JSON.stringify(origin)}: set adminToken (loyalty serve --admin-token) and send it to reach them from another origin`,
    );
  }
  return undefined;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The token the request shows: `Authorization: Bearer <token>`, or `?token=` (the page, an EventSource). */
function shownToken(req: IncomingMessage, query: URLSearchParams): string | undefined {
  // The scheme's name is case-insensitive (RFC 9110); the token is not.
  const bearer = /^bearer +(.+)$/i.exec(req.headers.authorization ?? '');
  if (bearer) return bearer[1];
  return query.get('token') ?? undefined;
}

/**
 * Who may reach the admin routes and the inspector of a server bound to `host`: with a token,
 * whoever shows it; without one, only on a loopback bind, and only requests addressed to a
 * loopback name that no other site's page sent. Returns the refusal, or undefined when the
 * request may go on.
 */
export function adminRefusal(
  req: IncomingMessage,
  query: URLSearchParams,
  host: string,
  token: string | undefined,
): ApiFailureError | undefined {
  if (token !== undefined) {
    const shown = shownToken(req, query);
    if (shown !== undefined && timingSafeEqual(digest(shown), digest(token))) return undefined;
    return new ApiFailureError(
      401,
      ERROR_CODES.unauthorized,
      'The admin routes and the inspector need the admin token: Authorization: Bearer <token>, or ?token=<token>',
    );
  }
  if (isLoopback(host)) return browserRefusal(req);
  return new ApiFailureError(
    403,
    ERROR_CODES.forbidden,
    `The admin routes and the inspector answer only on a loopback bind; this server listens on ${host}: set adminToken (loyalty serve --admin-token) to open them`,
  );
}
