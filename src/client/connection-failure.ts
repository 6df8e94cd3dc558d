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

/**
 * TLS failures that a retry a moment later meets again: a plain-HTTP server, or a certificate
 * the client does not accept. The handshake failed, so nothing of the request was sent.
 */
const LASTING_TLS_CODES: ReadonlySet<string> = new Set([
  ...PLAIN_HTTP_CODES,
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The code of a transport's error or of its cause (undici and fetch wrap the socket's error). */
function codeOf(error: unknown): string | undefined {
  for (let link = error, depth = 0; link instanceof Error && depth < 3; link = link.cause, depth++) {
    const { code } = link as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Whether a request failed on a TLS failure that sending again would meet again (the retry rule). */
export function isLastingTlsFailure(transportError: unknown): boolean {
  const code = codeOf(transportError);
  return code !== undefined && LASTING_TLS_CODES.has(code);
}

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
