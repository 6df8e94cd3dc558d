import { type ApiUrl, specBaseUrl } from './base-url.js';

/**
 * The codes OpenSSL gives a client whose TLS handshake was answered in plain HTTP (the first
 * bytes, `HTTP/1.1 400`, read as a TLS record); which one depends on the OpenSSL version.
 */
const PLAIN_HTTP_CODES: ReadonlySet<string> = new Set([
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_UNKNOWN_PROTOCOL',
]);

interface Failure {
  message: string;
  code?: unknown;
  /** OpenSSL's errors: `SSL routines` and `wrong version number`, the parts of their message worth reading. */
  library?: unknown;
  reason?: unknown;
}

/** An OpenSSL message is several fields and the C source line, ending in a newline; messages are one line. */
function textOf(error: Failure): string {
  const text =
    typeof error.library === 'string' && typeof error.reason === 'string'
      ? `${error.library}: ${error.reason}`
      : error.message;
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * Why a request got no answer, in one line: the transport's error and its cause, and its code.
 * An https baseUrl that reached a plain-HTTP server is said in words, with the http:// to write.
 */
export function describeConnectionFailure(error: unknown, api: ApiUrl): string {
  if (!(error instanceof Error)) return textOf({ message: String(error) });
  const cause = error.cause instanceof Error ? (error.cause as Failure) : undefined;
  const failure = error as Failure;
  const code = typeof failure.code === 'string' ? failure.code : cause?.code;
  if (typeof code === 'string' && PLAIN_HTTP_CODES.has(code) && api.origin.startsWith('https:')) {
    const plain = specBaseUrl(api).replace(/^https:/, 'http:');
    return `the server speaks plain HTTP, not HTTPS (${code}); if it has no TLS, write baseUrl as ${plain}`;
  }
  const said = cause ? `${textOf(failure)}: ${textOf(cause)}` : textOf(failure);
  return `${said}${typeof code === 'string' ? ` (${code})` : ''}`;
}
