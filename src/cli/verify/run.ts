import { LoyaltyError } from '../../client/errors.js';
import {
  planVerification,
  type VerifyOptions,
  type VerifyResult,
  verifyService,
} from '../../verify/index.js';
import { resolveApiKey } from '../shared/api-key.js';
import { EXIT } from '../shared/exit-codes.js';
import { printErr, printOut } from '../shared/printed.js';
import { UsageError } from '../shared/usage-error.js';
import { parseVerifyArgs, VERIFY_COMMAND, type VerifyCommand } from './args.js';
import { verifyHelp } from './help.js';
import { progressLine, renderPlan, summaryLine, writeOutputs } from './output.js';

function optionsOf(command: VerifyCommand): VerifyOptions {
  return {
    ...(command.baseUrl === undefined ? {} : { baseUrl: command.baseUrl }),
    mode: command.mode,
    ...(command.operations === undefined ? {} : { operations: command.operations }),
    samples: command.samples,
    ...(command.maxRequestsPerSecond === undefined
      ? {}
      : { maxRequestsPerSecond: command.maxRequestsPerSecond }),
    ...(command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs }),
    ...(command.profile === undefined ? {} : { profile: command.profile }),
  };
}

/**
 * The plan, which sends nothing: made before the key is read, it is also the check of the
 * options (a sample the table refuses, a mode not available), each a usage error.
 */
async function planOf(options: VerifyOptions) {
  try {
    return await planVerification(options);
  } catch (error) {
    if (!(error instanceof LoyaltyError)) throw error;
    throw new UsageError(`${inFlagWords(error.message)} (see ${VERIFY_COMMAND} --help)`);
  }
}

/** The flag of each option of verifyService: its message names the option, the user gave a flag. */
const FLAG_OF: Record<string, string> = {
  samples: '--sample',
  mode: '--mode',
  maxRequestsPerSecond: '--max-rps',
  timeoutMs: '--timeout-ms',
  operations: '--only',
  baseUrl: '--base-url',
  profile: '--profile',
};

function inFlagWords(message: string): string {
  return message
    .replace(/^Invalid verify options: /, '')
    .replace(/^(\w+)(\.?)/, (whole, name: string, dot: string) =>
      FLAG_OF[name] ? `${FLAG_OF[name]}${dot ? ' ' : ''}` : whole,
    );
}

/** A result whose reason names an option in parentheses, `(timeoutMs)`, names the flag instead. */
function withFlagWords(result: VerifyResult): VerifyResult {
  if (result.reason === undefined) return result;
  const reason = result.reason.replace(/\((\w+)\)/g, (whole, name: string) =>
    FLAG_OF[name] ? `(${FLAG_OF[name]})` : whole,
  );
  return { ...result, reason };
}

/** The exit status of a run: the verdict's, or the bad target's (a refused key, no answer). */
function exitOf(result: VerifyResult): number {
  if (result.failure === 'unauthorized') return EXIT.auth;
  if (result.failure === 'unreachable') return EXIT.noAnswer;
  if (result.verdict === 'unverified') return EXIT.unverified;
  return result.verdict === 'agrees' ? EXIT.ok : EXIT.failure;
}

/**
 * The one line when verify itself threw: no answer of a service should make it (an answer of the
 * wrong shape is a finding), so it is a bug of ours, and says so apart from `differs`.
 */
function verifyFailed(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `loyalty: verify failed: ${message.split('\n')[0]} (a bug in loyalty-sdk; please report it)`;
}

/**
 * `loyalty verify [options]`: the CLI's face of `verifyService` (loyalty-sdk/verify). `verify`:
 * the run itself (a test gives one that throws, as a bug of ours would).
 */
export async function verifyCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  verify: typeof verifyService = verifyService,
): Promise<number> {
  const command = parseVerifyArgs(argv, env);
  if (command === 'help') {
    process.stdout.write(verifyHelp());
    return EXIT.ok;
  }
  const options = optionsOf(command);
  const plan = await planOf(options);
  if (command.plan) {
    printOut(renderPlan(plan));
    return EXIT.ok;
  }
  const apiKey = await resolveApiKey(command.apiKeyFile, env);
  const progress = progressLine();
  let result: VerifyResult;
  try {
    result = withFlagWords(await verify({ ...options, apiKey, onProgress: progress.onProgress }));
  } catch (error) {
    progress.done();
    printErr(verifyFailed(error));
    return EXIT.internal;
  }
  progress.done();
  await writeOutputs(result, command.files);
  printErr(summaryLine(result));
  return exitOf(result);
}
