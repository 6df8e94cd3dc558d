import { randomInt } from 'node:crypto';
import { isScope, type Scope, unknownScopeMessage } from '../../operations/scopes.js';
import type { ApiKeyConfig, ReferenceServerOptions, ServiceProfile } from '../../server/internal.js';
import { UsageError } from '../shared/usage-error.js';
import { parseFlags } from '../table/parse-flags.js';
import { FaultFlagError, faultsFromFlags } from './fault-flags.js';
import { DEFAULT_PORT } from './usage.js';

export { UsageError };

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'serve'; port: number; host: string | undefined; options: ReferenceServerOptions };

/** `KEY=SCOPE,SCOPE` or `KEY=*`; split at the last `=`, since keys may end in `=` (base64) and scopes never hold one. */
export function parseKeyOption(value: string): ApiKeyConfig {
  const at = value.lastIndexOf('=');
  const key = value.slice(0, at);
  const list = value.slice(at + 1);
  if (at <= 0 || list === '') throw new UsageError('--key needs the form KEY=SCOPE[,SCOPE...] or KEY=*');
  if (list === '*') return { key, scopes: '*' };
  const scopes: Scope[] = [];
  for (const scope of list.split(',')) {
    if (!isScope(scope)) throw new UsageError(`--key: ${unknownScopeMessage(scope)}`);
    scopes.push(scope);
  }
  return { key, scopes };
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new UsageError(`--port must be 0..65535 (got ${value})`);
  return port;
}

/** A JSON object from a file a flag names (`--config`, `--profile`); the engine checks what it holds. */
function readJsonObject<T extends object>(flag: string, file: string, readFile: (path: string) => string): T {
  let text: string;
  try {
    text = readFile(file);
  } catch (error) {
    throw new UsageError(`${flag}: cannot read ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag}: ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`${flag}: ${file} must hold a JSON object`);
  }
  return value as T;
}

const randomSeed = () => randomInt(0, 2 ** 32 - 1);

/** Reads the command line; `readFile` (and the seed of faults without one) are injected so tests need no files. */
export function parseCommand(
  argv: readonly string[],
  readFile: (path: string) => string,
  seed: () => number = randomSeed,
): CliCommand {
  const { values, positionals } = parseFlags(argv, SERVE_OPTIONS, 'loyalty serve');
  if (values.help) return { kind: 'help' };
  const [command, ...extra] = positionals;
  if (command === undefined) return { kind: 'help' };
  if (command !== 'serve') throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);

  const options = values.config
    ? readJsonObject<ReferenceServerOptions>('--config', values.config, readFile)
    : {};
  if (values.profile !== undefined)
    options.profile = readJsonObject<ServiceProfile>('--profile', values.profile, readFile);
  const keys = (values.key ?? []).map(parseKeyOption);
  if (keys.length > 0) options.keys = [...(options.keys ?? []), ...keys];
  try {
    const faults = faultsFromFlags(options.faults, values, seed);
    if (faults !== undefined) options.faults = faults;
  } catch (error) {
    if (error instanceof FaultFlagError) throw new UsageError(error.message);
    throw error;
  }
  if (values['admin-token'] !== undefined) options.adminToken = values['admin-token'];
  return { kind: 'serve', port: parsePort(values.port), host: values.host, options };
}

/** The flags of `loyalty serve`. */
export const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  config: { type: 'string' },
  profile: { type: 'string' },
  key: { type: 'string', multiple: true },
  faults: { type: 'string' },
  'fault-rate': { type: 'string' },
  'fault-seed': { type: 'string' },
  'fault-latency': { type: 'string' },
  'admin-token': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
