import type { OperationId } from '../../operations/table.js';
import type { Samples, ServiceProfile, VerifyMode } from '../../verify/index.js';
import { serviceSettings } from '../shared/service-client.js';
import { UsageError } from '../shared/usage-error.js';
import { wholeNumber } from '../shared/whole-number.js';
import { checkWrittenFile } from '../shared/written-file.js';
import { operationById } from '../table/operation-id.js';
import { parseFlags } from '../table/parse-flags.js';
import { readProfileFile } from './profile-file.js';
import { parseSamples } from './samples.js';

export const VERIFY_COMMAND = 'loyalty verify';

/** The options of `loyalty verify` (docs/cli.md, "Verify, and the MCP server"; docs/verify.md). */
export const VERIFY_OPTIONS = {
  'base-url': { type: 'string' },
  'api-key-file': { type: 'string' },
  mode: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  only: { type: 'string' },
  sample: { type: 'string', multiple: true },
  'max-rps': { type: 'string' },
  'timeout-ms': { type: 'string' },
  plan: { type: 'boolean' },
  report: { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  profile: { type: 'string' },
  'profile-out': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const MODES: readonly VerifyMode[] = ['safe', 'sandbox'];

/** Where each output goes; the Markdown report to stdout when `report` is not given. */
export interface OutputFiles {
  report: string | undefined;
  json: string | undefined;
  junit: string | undefined;
  profileOut: string | undefined;
}

export interface VerifyCommand {
  /** Checked as the client checks it; undefined only for a plan, which sends nothing. */
  baseUrl: string | undefined;
  apiKeyFile: string | undefined;
  mode: VerifyMode;
  operations: OperationId[] | undefined;
  samples: Samples;
  maxRequestsPerSecond: number | undefined;
  /** Per probe, headers and body together; verifyService's default when not given. */
  timeoutMs: number | undefined;
  plan: boolean;
  /** The profile to compare with (`--profile FILE`), as read; verifyService checks it. */
  profile: ServiceProfile | undefined;
  files: OutputFiles;
}

function modeOf(given: string | undefined, yes: boolean): VerifyMode {
  const mode = (given ?? 'safe') as VerifyMode;
  if (!MODES.includes(mode))
    throw new UsageError(`--mode takes ${MODES.join(' or ')}, got ${JSON.stringify(given)}`);
  if (mode === 'sandbox' && !yes) {
    throw new UsageError(
      '--mode sandbox writes to the service (a customer, points, idempotency keys, a burst up to the rate limit): pass --yes to agree, against a sandbox only',
    );
  }
  return mode;
}

function rateOf(given: string | undefined): number | undefined {
  if (given === undefined) return undefined;
  const rate = /^\d+(\.\d+)?$/.test(given) ? Number(given) : Number.NaN;
  if (!(rate > 0))
    throw new UsageError(`--max-rps takes a number greater than 0, got ${JSON.stringify(given)}`);
  return rate;
}

function operationsOf(given: string | undefined): OperationId[] | undefined {
  if (given === undefined) return undefined;
  const ids = given.split(',').map((id) => id.trim());
  if (ids.some((id) => id === ''))
    throw new UsageError(`--only takes ID,... with no empty id, got ${JSON.stringify(given)}`);
  return ids.map((id) => operationById(id).id as OperationId);
}

/** A file is written after the run: a folder that is not there is found before anything is sent. */
function fileOf(flag: string, given: string | undefined): string | undefined {
  return given === undefined ? undefined : checkWrittenFile(`--${flag}`, given, 'followed');
}

/** The command line of `loyalty verify`, checked before the key is read or anything is sent; `help` for --help. */
export function parseVerifyArgs(argv: readonly string[], env: NodeJS.ProcessEnv): VerifyCommand | 'help' {
  const { values, positionals } = parseFlags(argv, VERIFY_OPTIONS, VERIFY_COMMAND);
  if (values.help) return 'help';
  if (positionals.length > 0)
    throw new UsageError(
      `${VERIFY_COMMAND} takes no argument, got ${JSON.stringify(positionals[0])} (see ${VERIFY_COMMAND} --help)`,
    );
  const plan = values.plan === true;
  const needsAddress = !plan || values['base-url'] !== undefined || env.LOYALTY_BASE_URL !== undefined;
  return {
    baseUrl: needsAddress ? serviceSettings(values, env).baseUrl : undefined,
    apiKeyFile: values['api-key-file'],
    mode: modeOf(values.mode, values.yes === true),
    operations: operationsOf(values.only),
    samples: parseSamples(values.sample ?? []),
    maxRequestsPerSecond: rateOf(values['max-rps']),
    timeoutMs: wholeNumber(values['timeout-ms'], '--timeout-ms', 1),
    plan,
    profile: values.profile === undefined ? undefined : readProfileFile(values.profile),
    files: {
      report: fileOf('report', values.report),
      json: fileOf('json', values.json),
      junit: fileOf('junit', values.junit),
      profileOut: fileOf('profile-out', values['profile-out']),
    },
  };
}
