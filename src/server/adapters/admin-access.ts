import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ERROR_CODES } from '../../operations/envelope.js';
import { ApiFailure } from '../answers/failures.js';
import { ADMIN_PREFIX, INSPECTOR_PATH } from '../inspector/index.js';

/** Whether a path is the inspector's or an admin route's: what the access rule guards. */
export function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) || path === INSPECTOR_PATH || path.startsWith(`${INSPECTOR_PATH}/`);
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The token the request shows: `Authorization: Bearer <token>`, or `?token=` (the page, an EventSource). */
function shownToken(req: IncomingMessage, query: URLSearchParams): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length);
  return query.get('token') ?? undefined;
}

/**
 * Who may reach the admin routes and the inspector of a server bound to `host`: with a token,
 * whoever shows it; without one, anyone, but only on a loopback bind. Returns the refusal, or
 * undefined when the request may go on.
 */
export function adminRefusal(
  req: IncomingMessage,
  query: URLSearchParams,
  host: string,
  token: string | undefined,
): ApiFailure | undefined {
  if (token !== undefined) {
    const shown = shownToken(req, query);
    if (shown !== undefined && timingSafeEqual(digest(shown), digest(token))) return undefined;
    return new ApiFailure(
      401,
      ERROR_CODES.unauthorized,
      'The admin routes and the inspector need the admin token: Authorization: Bearer <token>, or ?token=<token>',
    );
  }
  if (isLoopback(host)) return undefined;
  return new ApiFailure(
    403,
    ERROR_CODES.forbidden,
    `The admin routes and the inspector answer only on a loopback bind; this server listens on ${host}: set adminToken (loyalty serve --admin-token) to open them`,
  );
}
