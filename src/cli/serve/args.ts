import { randomInt } from 'node:crypto';
import { isScope, type Scope, unknownScopeMessage } from '../../operations/scopes.js';
import type { ApiKeyConfig, ReferenceServerOptions, ServiceProfile } from '../../server/internal.js';
import {
  CONFIG_FILE_BYTES,
  type FileLimit,
  fileProblem,
  type ReadFlagFile,
  readJsonFile,
} from '../shared/capped-file.js';
import { UsageError } from '../shared/usage-error.js';
import { wholeNumber } from '../shared/whole-number.js';
import { parseFlags } from '../table/parse-flags.js';
import { PROFILE_FILE } from '../verify/profile-file.js';
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

const CONFIG_FILE: FileLimit = {
  flag: '--config',
  maxBytes: CONFIG_FILE_BYTES,
  holds: "a config file holds createReferenceServer's options, a few levels deep",
};

/** A JSON object from a file a flag names (`--config`, `--profile`); the engine checks what it holds. */
function readJsonObject<T extends object>(file: string, limit: FileLimit, readFile: ReadFlagFile): T {
  const value = readJsonFile(file, limit, readFile);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw fileProblem(limit, file, 'must hold a JSON object');
  return value as T;
}

const randomSeed = () => randomInt(0, 2 ** 32 - 1);

/** Reads the command line; `readFile` (`readFlagFile`; and the seed of faults without one) are injected so tests need no files. */
export function parseCommand(
  argv: readonly string[],
  readFile: ReadFlagFile,
  seed: () => number = randomSeed,
): CliCommand {
  const { values, positionals } = parseFlags(argv, SERVE_OPTIONS, 'loyalty serve');
  if (values.help) return { kind: 'help' };
  const [command, ...extra] = positionals;
  if (command === undefined) return { kind: 'help' };
  if (command !== 'serve') throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);

  const options = values.config
    ? readJsonObject<ReferenceServerOptions>(values.config, CONFIG_FILE, readFile)
    : {};
  if (values.profile !== undefined)
    options.profile = readJsonObject<ServiceProfile>(values.profile, PROFILE_FILE, readFile);
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
  const maxRecords = wholeNumber(values['max-records'], '--max-records', 1);
  const maxRecordBytes = wholeNumber(values['max-record-bytes'], '--max-record-bytes', 1);
  // Over the limits of --config, as --key adds to its keys.
  if (maxRecords !== undefined) options.limits = { ...options.limits, maxRecords };
  if (maxRecordBytes !== undefined) options.limits = { ...options.limits, maxRecordBytes };
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
  'max-records': { type: 'string' },
  'max-record-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
