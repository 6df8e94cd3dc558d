import { checkNames, fail } from '../core/index.js';

/** The fields of the `appInfo` option, `{ name, version? }`. */
const APP_INFO_NAMES = ['name', 'version'] as const;

/** RFC 9110 `token`: a User-Agent product is `token ["/" token]`, so nothing else keeps it one product. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkToken(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') fail(`appInfo.${name} must be a non-empty string`);
  if (!TOKEN.test(value)) {
    fail(
      `appInfo.${name} ${JSON.stringify(value)} may hold only letters, digits and !#$%&'*+-.^_\`|~ (no spaces, no slash)`,
    );
  }
  return value;
}

/**
 * The product the client adds to the User-Agent for the `appInfo` option: `name/version`, or
 * `name`; undefined without the option.
 */
export function appProduct(appInfo: unknown): string | undefined {
  if (appInfo === undefined) return undefined;
  if (typeof appInfo !== 'object' || appInfo === null) fail('appInfo must be an object { name, version? }');
  checkNames(appInfo, APP_INFO_NAMES, 'LoyaltyClient option', fail, 'appInfo.');
  const { name, version } = appInfo as Record<(typeof APP_INFO_NAMES)[number], unknown>;
  const product = checkToken(name, 'name');
  return version === undefined ? product : `${product}/${checkToken(version, 'version')}`;
}
