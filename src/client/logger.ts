import { API_KEY_HEADER, maskSecret, maskSecretIn } from '../core/index.js';

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

const SECRET_HEADERS = new Set([API_KEY_HEADER, 'authorization', 'proxy-authorization', 'cookie']);

/** Headers fit for a log line: credentials masked. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? maskSecret(value) : value;
  }
  return out;
}

export interface LevelledLogger extends Logger {
  /** Whether a message at `level` would be written; lets callers skip building it. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
}

/** A logger that drops what is below `level`. Each message is also scrubbed of the key, whatever its source. */
export function levelled(logger: Logger, level: LogLevel, secret: string): LevelledLogger {
  const rank = LOG_LEVELS.indexOf(level);
  // Strings anywhere in plain objects and arrays too: a caller may send the key in a header of its own.
  const scrub = (value: unknown, depth = 0): unknown => {
    if (typeof value === 'string') return maskSecretIn(value, secret);
    if (depth >= 8 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, scrub(item, depth + 1)]));
  };
  const at =
    (name: Exclude<LogLevel, 'off'>) =>
    (message: string, ...rest: unknown[]) => {
      if (LOG_LEVELS.indexOf(name) > rank) return;
      logger[name](scrub(message) as string, ...rest.map((value) => scrub(value)));
    };
  return {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    enabled: (name) => LOG_LEVELS.indexOf(name) <= rank,
  };
}
