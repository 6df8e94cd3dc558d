import { resolveApiUrl } from '../../client/base-url.js';
import { LoyaltyClient } from '../../client/client.js';
import { LoyaltyError } from '../../client/errors.js';
import type { Limiter } from '../../limits/limiter.js';
import { resolveApiKey } from './api-key.js';
import { stderrLogger } from './stderr-logger.js';
import { UsageError } from './usage-error.js';
import { wholeNumber } from './whole-number.js';

/** The values of SERVICE_OPTIONS (global-options.ts) as the parser gives them. */
export interface ServiceFlags {
  'base-url'?: string | undefined;
  'api-key-file'?: string | undefined;
  'timeout-ms'?: string | undefined;
  'max-retries'?: string | undefined;
  verbose?: boolean | undefined;
}

/** Where the command's calls go and how they are made, checked before the key is read or asked for. */
export interface ServiceSettings {
  baseUrl: string;
  apiKeyFile: string | undefined;
  timeoutMs: number | undefined;
  maxRetries: number | undefined;
  verbose: boolean;
}

const NO_BASE_URL =
  'No base URL: pass --base-url URL or set LOYALTY_BASE_URL (the service address, e.g. https://loyalty.example.com)';

/** The base URL, checked as the client checks it; the SDK names its option `baseUrl`, the user gave a flag or a variable. */
function checkedBaseUrl(flags: ServiceFlags, env: NodeJS.ProcessEnv): string {
  const given = flags['base-url'];
  const baseUrl = given ?? env.LOYALTY_BASE_URL;
  if (!baseUrl) throw new UsageError(NO_BASE_URL);
  try {
    resolveApiUrl(baseUrl);
  } catch (error) {
    if (!(error instanceof LoyaltyError)) throw error;
    const from = given === undefined ? 'LOYALTY_BASE_URL' : '--base-url';
    throw new UsageError(error.message.replace(/^baseUrl\b/, from));
  }
  return baseUrl;
}

export function serviceSettings(flags: ServiceFlags, env: NodeJS.ProcessEnv): ServiceSettings {
  return {
    baseUrl: checkedBaseUrl(flags, env),
    apiKeyFile: flags['api-key-file'],
    timeoutMs: wholeNumber(flags['timeout-ms'], '--timeout-ms', 1),
    maxRetries: wholeNumber(flags['max-retries'], '--max-retries', 0),
    verbose: flags.verbose === true,
  };
}

/** The command's client; an option the SDK refuses (a key that holds control characters) is invalid input. */
export async function serviceClient(
  settings: ServiceSettings,
  env: NodeJS.ProcessEnv,
  limiter?: Limiter,
): Promise<LoyaltyClient> {
  const apiKey = await resolveApiKey(settings.apiKeyFile, env);
  try {
    return new LoyaltyClient({
      apiKey,
      baseUrl: settings.baseUrl,
      timeoutMs: settings.timeoutMs,
      maxRetries: settings.maxRetries,
      logLevel: settings.verbose ? 'info' : 'off',
      logger: stderrLogger,
      appInfo: { name: 'loyalty-cli' },
      limiter,
    });
  } catch (error) {
    if (!(error instanceof LoyaltyError)) throw error;
    throw new UsageError(error.message);
  }
}
