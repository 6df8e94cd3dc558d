import { FAULT_KINDS, type FaultKind, type FaultOptions } from '../../server/internal.js';

/** The fault flags of `loyalty serve`, as parseArgs gives them. */
export interface FaultFlags {
  faults?: string | undefined;
  'fault-rate'?: string | undefined;
  'fault-seed'?: string | undefined;
  'fault-latency'?: string | undefined;
}

/** A flag the user got wrong; the caller turns it into a usage error. */
export class FaultFlagError extends Error {
  override name = 'FaultFlagError';
}

function parseJsonFlag(text: string): Partial<FaultOptions> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FaultFlagError(`--faults is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new FaultFlagError('--faults must be a JSON object (the faults option)');
  return value as Partial<FaultOptions>;
}

function parseRate(text: string): number {
  const rate = Number(text);
  if (text.trim() === '' || !(rate >= 0 && rate <= 1))
    throw new FaultFlagError(`--fault-rate must be a number from 0 to 1 (got ${text})`);
  return rate;
}

function parseSeed(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 0xffff_ffff)
    throw new FaultFlagError(`--fault-seed must be an integer from 0 to 4294967295 (got ${text})`);
  return Number(text);
}

/** `MS` or `MIN-MAX`. */
function parseLatency(text: string): number | [number, number] {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!match || (match[2] !== undefined && Number(match[2]) < Number(match[1])))
    throw new FaultFlagError(`--fault-latency must be MS or MIN-MAX in milliseconds (got ${text})`);
  return match[2] === undefined ? Number(match[1]) : [Number(match[1]), Number(match[2])];
}

/** `--fault-rate R`: R spread evenly over every kind of fault. */
function spreadRate(rate: number): Record<FaultKind, number> {
  return Object.fromEntries(FAULT_KINDS.map((kind) => [kind, rate / FAULT_KINDS.length])) as Record<
    FaultKind,
    number
  >;
}

/**
 * The `faults` option from the config file's, then `--faults JSON`, then the single flags, each
 * overriding the one before. Undefined when none of them asks for faults. Without a seed anywhere,
 * `randomSeed` gives one (printed at start, so the run can be replayed).
 */
export function faultsFromFlags(
  fromConfig: FaultOptions | undefined,
  flags: FaultFlags,
  randomSeed: () => number,
): FaultOptions | undefined {
  const single =
    flags['fault-rate'] !== undefined ||
    flags['fault-seed'] !== undefined ||
    flags['fault-latency'] !== undefined;
  if (flags.faults === undefined && !single) return fromConfig;
  if (fromConfig !== undefined && (typeof fromConfig !== 'object' || Array.isArray(fromConfig)))
    throw new FaultFlagError('faults in the config file must be an object');
  const faults: Partial<FaultOptions> = {
    ...fromConfig,
    ...(flags.faults ? parseJsonFlag(flags.faults) : {}),
  };
  if (flags['fault-rate'] !== undefined) faults.rates = spreadRate(parseRate(flags['fault-rate']));
  if (flags['fault-seed'] !== undefined) faults.seed = parseSeed(flags['fault-seed']);
  if (flags['fault-latency'] !== undefined) faults.latencyMs = parseLatency(flags['fault-latency']);
  faults.seed ??= randomSeed();
  return faults as FaultOptions;
}

/** The startup lines that say which faults are on and how to replay them. */
export function describeFaults(faults: FaultOptions | undefined): string[] {
  if (faults === undefined) return [];
  const rates = FAULT_KINDS.filter((kind) => (faults.rates?.[kind] ?? 0) > 0)
    .map((kind) => `${kind} ${faults.rates?.[kind]}`)
    .join(', ');
  const latency = Array.isArray(faults.latencyMs)
    ? `${faults.latencyMs[0]}-${faults.latencyMs[1]} ms`
    : `${faults.latencyMs ?? 0} ms`;
  return [
    `FAULT INJECTION ON (seed ${faults.seed}; replay with --fault-seed ${faults.seed}):`,
    `  rates: ${rates || 'none'}; added latency: ${latency}`,
    '  counts: GET /__admin/faults',
  ];
}
