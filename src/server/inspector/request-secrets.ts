import { maskSecret, maskSecretIn } from '../../core/index.js';

/** Headers whose value is a credential after its scheme: `Bearer ****wxyz` (the scheme says what was sent). */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);
const COOKIE_HEADER = 'cookie';
/** A query parameter some clients put the key in; matched whatever its case, as the header is. */
const KEY_PARAMETER = 'apikey';

function credentialMasked(value: string): string {
  const scheme = /^(\S+\s+)(.*)$/s.exec(value);
  return scheme ? `${scheme[1]}${maskSecret(scheme[2] as string)}` : maskSecret(value);
}

/** `a=1; session=…` with every value masked and the names kept. */
function cookieMasked(value: string): string {
  return value
    .split(';')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1
        ? maskSecret(pair)
        : `${pair.slice(0, equals + 1)}${maskSecret(pair.slice(equals + 1))}`;
    })
    .join(';');
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return part;
  }
}

/** The query with each `apikey` value masked, and those values (they are keys too, to mask wherever they stand). */
function queryMasked(query: string): { query: string; keys: string[] } {
  if (!query.toLowerCase().includes(KEY_PARAMETER)) return { query, keys: [] };
  const keys: string[] = [];
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    if (equals === -1 || decoded(part.slice(0, equals)).toLowerCase() !== KEY_PARAMETER) return part;
    const value = decoded(part.slice(equals + 1));
    if (value !== '') keys.push(value);
    return `${part.slice(0, equals + 1)}${encodeURIComponent(maskSecret(value))}`;
  });
  return { query: parts.join('&'), keys };
}

/** What the log shows of a request and its answer, with every secret in them masked. */
export interface MaskedExchange {
  path: string;
  query: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  responseHeaders: Record<string, string>;
  responseBody: string | null;
}

/**
 * The exchange with its secrets masked as `maskSecret` shows a key: the `Authorization` and
 * `Proxy-Authorization` credentials and the `Cookie` values where they stand, and the API key
 * (the `apikey` header's, or an `apikey` query parameter's) wherever it stands: path, query,
 * headers, bodies. `requestHeaders` come without `apikey`, which the log never keeps.
 */
export function maskedExchange(exchange: MaskedExchange, apiKey: string | undefined): MaskedExchange {
  const { query, keys } = queryMasked(exchange.query);
  if (apiKey !== undefined && apiKey !== '') keys.push(apiKey);
  const masked = (text: string): string => keys.reduce(maskSecretIn, text);
  const headersMasked = (headers: Record<string, string>, request: boolean): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const name in headers) {
      const value = headers[name] as string;
      if (request && CREDENTIAL_HEADERS.has(name)) out[name] = credentialMasked(value);
      else if (request && name === COOKIE_HEADER) out[name] = cookieMasked(value);
      else out[name] = masked(value);
    }
    return out;
  };
  return {
    path: masked(exchange.path),
    query: masked(query),
    requestHeaders: headersMasked(exchange.requestHeaders, true),
    requestBody: exchange.requestBody === null ? null : masked(exchange.requestBody),
    responseHeaders: headersMasked(exchange.responseHeaders, false),
    responseBody: exchange.responseBody === null ? null : masked(exchange.responseBody),
  };
}
