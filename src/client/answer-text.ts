import { counted, maskSecretIn } from '../core/index.js';
import type { TransportResponse } from './transport.js';

/** How much of an answer that is not the envelope a message quotes. */
const EXCERPT_LENGTH = 80;

/**
 * `text` with `secret` masked, and any piece of it a parser split off: a page that echoes the
 * request (a wrong baseUrl) must not put the key in an error.
 */
export function withoutSecret(text: string, secret: string): string {
  return maskSecretIn(text, secret);
}

/** An answer with `secret` replaced by `****` in its headers and its text: what an error may keep of it. */
export function answerWithoutSecret(response: TransportResponse, secret: string): TransportResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) headers[name] = withoutSecret(value, secret);
  return { status: response.status, headers, text: withoutSecret(response.text, secret) };
}

/** The first characters of `text`, quoted, with control characters escaped (`\n`, `\u0000`). */
function excerpt(text: string): string {
  const start = [...text.slice(0, EXCERPT_LENGTH * 2)].slice(0, EXCERPT_LENGTH).join('');
  return `${JSON.stringify(start)}${start.length < text.length ? '…' : ''}`;
}

/**
 * What an answer that is not the API's envelope was, and its likely cause:
 * `the answer is not the API's JSON envelope (text/html, 153 bytes: "<html>…"); ...`.
 */
export function describeNonEnvelope(response: TransportResponse, text: string): string {
  const type = response.headers['content-type'] || 'no content type';
  const bytes = new TextEncoder().encode(text).byteLength;
  const shown = bytes === 0 ? 'empty' : `${counted(bytes, 'byte')}: ${excerpt(text)}`;
  return (
    `the answer is not the API's JSON envelope (${type}, ${shown}); something other than the ` +
    'service answered: a proxy or gateway in between, or another server (check baseUrl)'
  );
}
