/**
 * The inspector and the admin routes show what the integration sent, and a click can reset the
 * state: no page, not even one of the same site, may frame them. A `<meta>` policy cannot carry
 * `frame-ancestors`, so both refusals travel as headers.
 */
const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * `headers` with framing refused: `X-Frame-Options: DENY` (for browsers before CSP 2), and the one
 * Content-Security-Policy with its directives kept and `frame-ancestors 'none'` in place of any
 * other `frame-ancestors`.
 */
export function denyFraming(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept = (headers['content-security-policy'] ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^frame-ancestors(\s|$)/i.test(directive));
  return {
    ...headers,
    'x-frame-options': 'DENY',
    'content-security-policy': [...kept, FRAME_ANCESTORS].join('; '),
  };
}
