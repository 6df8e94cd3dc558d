/**
 * One cell of issue 34's table, measured: a hostile server of its own, one surface of the package
 * (the SDK on either transport, the CLI, verify, MCP over stdio or HTTP) run against it in a child
 * process, and what came of it: how it settled and when, its peak memory, its exit, everything it
 * printed or answered, and what reached the other origin.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildLimits } from './child.js';
import { type Attack, startHostileServer } from './hostile-server.js';
import { HOSTILE_KEY, keyRunIn } from './key.js';
import type { ToolAnswer } from './mcp-client.js';
import { lateMsOf } from './scenarios.js';
import { RUNNERS, type SurfaceRun } from './surfaces.js';
import type { Tapped } from './tap.js';

export const SURFACES = ['sdk-undici', 'sdk-fetch', 'cli', 'verify', 'mcp-stdio', 'mcp-http'] as const;
export type Surface = (typeof SURFACES)[number];

export interface Scenario {
  attack: Attack;
  surface: Surface;
  /** `read`: clientes.retrieve; `write`: clientes.puntos.add, a keyed write with a body. */
  call: 'read' | 'write';
  timeoutMs: number;
  maxRetries: number;
  /**
   * `served`: the service answers its OpenAPI document and attacks only the operations (MCP reads
   * the document before it offers tools; verify then probes). Default: MCP served, else attacked.
   */
  document?: 'served' | 'hostile';
}

export interface RunSettings extends ChildLimits {
  /** The built package to run: this tree's dist/, or a build of another commit. */
  dist: string;
}

/** What the SDK child reports (sdk-call.mjs). */
export interface SdkReport {
  outcome: 'resolved' | 'rejected' | 'pending at exit';
  error?: {
    name?: string;
    message?: string;
    status?: number;
    location?: string;
    limitBytes?: number;
    receivedBytes?: number;
  };
  classes?: string[];
}

export interface OtherReceived {
  origin: string;
  requests: number;
  /** The longest run of the key in what it received. */
  keyRun: number;
  idempotencyKey: boolean;
  body: boolean;
}

export type Outcome =
  | 'resolved'
  | 'rejected'
  | 'exited'
  | 'answered'
  | 'pending at exit'
  | 'no answer'
  | 'did not settle'
  | 'stopped at the memory limit';

export interface Measurement {
  scenario: Scenario;
  outcome: Outcome;
  /**
   * From the call (or the first request the service saw) to its settling, when the run was timed
   * (`RunSettings.now`, the table's); undefined when it did not settle or nothing timed it.
   */
  settledMs: number | undefined;
  peakRssMb: number | undefined;
  exitCode: number | null;
  stdout: Tapped;
  stderr: Tapped;
  /** The SDK child's report. */
  sdk: SdkReport | undefined;
  /** The MCP tool call's answer. */
  tool: ToolAnswer | undefined;
  /** The reports verify wrote (JSON, Markdown, JUnit, profile), as one text. */
  files: string;
  /** Requests the hostile routes received (a retry is another). */
  requests: number;
  /** Who ended each of those exchanges: the service, its answer sent whole, or the client, gone first. */
  endedBy: ('service' | 'client')[];
  /** What reached the other origin of a redirect. */
  other: OtherReceived | undefined;
  /** The longest run of the key in everything the surface printed, answered or wrote. */
  keyRun: number;
}

function outcomeOf(surface: Surface, result: SurfaceRun): Outcome {
  const { run } = result;
  if (run.stopped === 'memory limit') return 'stopped at the memory limit';
  if (surface.startsWith('mcp-')) return result.tool?.answered ? 'answered' : 'no answer';
  if (run.stopped === 'hard timeout') return 'did not settle';
  if (surface.startsWith('sdk-')) return result.sdk?.outcome ?? 'exited';
  return 'exited';
}

const elapsed = (from: number | undefined, to: number | undefined): number | undefined =>
  from === undefined || to === undefined ? undefined : to - from;

/** Runs `scenario` against a hostile server of its own and measures it. */
export async function measure(scenario: Scenario, settings: RunSettings): Promise<Measurement> {
  const document = scenario.document ?? (scenario.surface.startsWith('mcp-') ? 'served' : 'hostile');
  const server = await startHostileServer({
    attack: scenario.attack,
    key: HOSTILE_KEY,
    document,
    lateMs: lateMsOf(scenario),
    ...(settings.now ? { now: settings.now } : {}),
  });
  const folder = await mkdtemp(join(tmpdir(), 'loyalty-hostile-'));
  try {
    const result = await RUNNERS[scenario.surface]({ scenario, settings, server, folder });
    const { run } = result;
    const outcome = outcomeOf(scenario.surface, result);
    const firstRequest = server.attacked[0]?.at ?? run.startedAt;
    // The surface's process is gone, so every exchange it had is over.
    const endedBy = await Promise.all(server.attacked.map((seen) => seen.endedBy));
    const settled =
      outcome !== 'did not settle' && outcome !== 'no answer' && outcome !== 'stopped at the memory limit';
    const files = result.files ?? '';
    const received = server.other?.received;
    const other = received && {
      origin: server.other?.origin ?? '',
      requests: received.length,
      keyRun: keyRunIn(server.other?.text() ?? ''),
      idempotencyKey: received.some((request) => request.headers['idempotency-key'] !== undefined),
      body: received.some((request) => request.body !== ''),
    };
    return {
      scenario,
      outcome,
      settledMs: settled ? (result.settledMs ?? elapsed(firstRequest, run.endedAt)) : undefined,
      peakRssMb: run.peakRssMb,
      exitCode: run.exitCode,
      stdout: run.stdout,
      stderr: run.stderr,
      sdk: result.sdk,
      tool: result.tool,
      files,
      requests: server.attacked.length,
      endedBy,
      other,
      keyRun: Math.max(run.stdout.keyRun, run.stderr.keyRun, keyRunIn(files), result.answered?.keyRun ?? 0),
    };
  } finally {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** Runs `scenarios` at most `parallel` at a time, in order of the list. */
export async function measureAll(
  scenarios: readonly Scenario[],
  settings: RunSettings,
  parallel: number,
): Promise<Measurement[]> {
  const results: Measurement[] = new Array(scenarios.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < scenarios.length; index = next++) {
      results[index] = await measure(scenarios[index] as Scenario, settings);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, scenarios.length) }, worker));
  return results;
}
