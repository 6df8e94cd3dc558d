import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopback } from '../../server/internal.js';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** `[::1]:4010` -> `[::1]`, `localhost:4010` -> `localhost`. */
function hostName(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  const colon = hostHeader.lastIndexOf(':');
  return colon === -1 ? hostHeader : hostHeader.slice(0, colon);
}

/**
 * Who may use the HTTP transport, as the reference server's admin routes: with a token, whoever
 * sends `Authorization: Bearer <token>`; without one (a loopback bind), only requests addressed to
 * a loopback name that no other site's page sent (no DNS rebinding, no cross-site page).
 * Returns the status and reason of a refusal, or undefined.
 */
export function httpRefusal(req: IncomingMessage, token: string | undefined): [number, string] | undefined {
  if (token !== undefined) {
    const shown = /^bearer +(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (shown !== undefined && timingSafeEqual(digest(shown), digest(token))) return undefined;
    return [401, 'This MCP server needs its token: Authorization: Bearer <token>'];
  }
  const host = req.headers.host ?? '';
  if (!isLoopback(hostName(host)))
    return [
      403,
      `This MCP server answers only requests addressed to a loopback name, not to ${JSON.stringify(host)}`,
    ];
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`)
    return [403, `This MCP server answers no web page of another origin (${JSON.stringify(origin)})`];
  return undefined;
}
