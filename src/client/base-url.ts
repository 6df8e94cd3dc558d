import { fail } from '../core/index.js';
import { API_PREFIX } from '../operations/limits.js';

/** Where the API is: `origin` and `basePath`, the `{base_url}`'s path with `/ext/v3`, no trailing slash. */
export interface ApiUrl {
  origin: string;
  basePath: string;
}

/** A host, maybe with a port and a path, written without `http://` or `https://` before it. */
const HOST_WITHOUT_SCHEME = /^[\w.-]+(:\d+)?([/?#]|$)/;

/**
 * Reads a baseUrl as the client and the MSW handlers both take it: the spec's `{base_url}`, with or
 * without `/ext/v3` (never doubled) and a trailing slash; http or https, no query, fragment or
 * credentials. Throws a LoyaltyError saying what to write instead.
 */
export function resolveApiUrl(baseUrl: string): ApiUrl {
  // JavaScript callers may pass a URL object, which `new URL` has always taken.
  const text = String(baseUrl);
  // `new URL('localhost:4010')` parses, with `localhost:` as its scheme.
  if (!text.includes('://') && HOST_WITHOUT_SCHEME.test(text))
    fail(`baseUrl "${text}" has no scheme: write http://${text} or https://${text}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    fail(`baseUrl "${text}" is not a URL; give the service address, e.g. https://api.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    fail(`baseUrl must be http or https, got ${url.protocol}`);
  if (url.search || url.hash) fail('baseUrl must not carry a query or a fragment');
  if (url.username || url.password)
    fail('baseUrl must not hold credentials; the API authenticates with apiKey');
  // The spec's {base_url} excludes the version prefix; accept it given anyway rather than doubling it.
  const path = url.pathname.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '');
  return { origin: url.origin, basePath: `${path}${API_PREFIX}` };
}

/** The spec's `{base_url}` of an API URL: the address before `/ext/v3`. */
export function specBaseUrl({ origin, basePath }: ApiUrl): string {
  return `${origin}${basePath.slice(0, basePath.length - API_PREFIX.length)}`;
}
