/**
 * One cell of issue 34's table, measured: a hostile server of its own, one surface of the package
 * (the SDK on either transport, the CLI, verify, MCP over stdio or HTTP) run against it in a child
 * process, and what came of it: how it settled and when, its peak memory, its exit, everything it
 * printed or answered, and what reached the other origin.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChildLimits, type ChildRun, spawnMeasured } from './child.js';
import { type Attack, type HostileServer, startHostileServer } from './hostile-server.js';
import { HOSTILE_KEY, keyRunIn } from './key.js';
import { callOverHttp, callOverStdio, type ToolAnswer, type ToolCall, urlIn } from './mcp-client.js';
import { Tap, type Tapped } from './tap.js';

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
  settledMs?: number;
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
  /** From the call (or the first request the service saw) to its settling; undefined when it did not. */
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
  /** What reached the other origin of a redirect. */
  other: OtherReceived | undefined;
  /** The longest run of the key in everything the surface printed, answered or wrote. */
  keyRun: number;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SDK_CALL = join(HERE, 'sdk-call.mjs');

const toolOf = (call: Scenario['call']): ToolCall =>
  call === 'write'
    ? { name: 'clientes_puntos_add', arguments: { uid: 'cli_0001', puntos: 10, motivo: 'hostile' } }
    : { name: 'clientes_retrieve', arguments: { uid: 'cli_0001' } };

const cliArgs = (call: Scenario['call']): string[] =>
  call === 'write'
    ? ['clientes', 'puntos', 'add', 'cli_0001', '--puntos', '10', '--motivo', 'hostile']
    : ['clientes', 'retrieve', 'cli_0001'];

const helpCache = new Map<string, string>();

/** Whether this build's `loyalty verify` takes `flag` (a build before issue 34 has no --timeout-ms). */
function verifyTakes(dist: string, flag: string): boolean {
  let help = helpCache.get(dist);
  if (help === undefined) {
    help = execFileSync(process.execPath, [join(dist, 'cli.js'), 'verify', '--help'], { encoding: 'utf8' });
    helpCache.set(dist, help);
  }
  return help.includes(flag);
}

interface Context {
  scenario: Scenario;
  settings: RunSettings;
  server: HostileServer;
  /** A fresh folder: the CLI's home and state, verify's reports. */
  folder: string;
}

const cliEnv = (context: Context): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '',
  HOME: context.folder,
  XDG_STATE_HOME: context.folder,
  NO_COLOR: '1',
  LOYALTY_BASE_URL: context.server.baseUrl,
  LOYALTY_API_KEY: HOSTILE_KEY,
});

const serviceFlags = ({ scenario }: Context) => [
  '--timeout-ms',
  String(scenario.timeoutMs),
  '--max-retries',
  String(scenario.maxRetries),
];

interface SurfaceRun {
  run: ChildRun;
  /** From the call to its settling, when the surface times it itself. */
  settledMs?: number;
  sdk?: SdkReport;
  tool?: ToolAnswer;
  files?: string;
  /** What the surface answered besides its output (MCP over HTTP), tapped. */
  answered?: Tapped;
}

async function sdkRun(context: Context): Promise<SurfaceRun> {
  const { scenario, settings, server } = context;
  const config = {
    dist: settings.dist,
    baseUrl: server.baseUrl,
    apiKey: HOSTILE_KEY,
    transport: scenario.surface === 'sdk-fetch' ? 'fetch' : 'undici',
    call: scenario.call,
    timeoutMs: scenario.timeoutMs,
    maxRetries: scenario.maxRetries,
    telemetry: scenario.attack === 'echo',
  };
  const run = await spawnMeasured([SDK_CALL, JSON.stringify(config)], {
    ...settings,
    env: { PATH: process.env.PATH ?? '' },
  }).ended;
  const line = run.stdout.head.trim().split('\n').at(-1) ?? '';
  const sdk = line.startsWith('{') ? (JSON.parse(line) as SdkReport) : undefined;
  return { run, sdk, ...(sdk?.settledMs === undefined ? {} : { settledMs: sdk.settledMs }) };
}

async function cliRun(context: Context): Promise<SurfaceRun> {
  const cli = join(context.settings.dist, 'cli.js');
  const extra = context.scenario.attack === 'echo' ? ['--with-response', '--verbose'] : [];
  const args = [cli, ...cliArgs(context.scenario.call), ...serviceFlags(context), ...extra];
  return { run: await spawnMeasured(args, { ...context.settings, env: cliEnv(context) }).ended };
}

async function verifyRun(context: Context): Promise<SurfaceRun> {
  const { settings, scenario, folder } = context;
  const timeout = verifyTakes(settings.dist, '--timeout-ms')
    ? ['--timeout-ms', String(scenario.timeoutMs)]
    : [];
  const out = (name: string) => join(folder, 'reports', name);
  await mkdir(join(folder, 'reports'));
  const args = [
    join(settings.dist, 'cli.js'),
    'verify',
    ...timeout,
    '--max-rps',
    '50',
    '--only',
    'clientes.retrieve',
    '--sample',
    'uid=cli_0001',
    '--json',
    out('verify.json'),
    '--report',
    out('verify.md'),
    '--junit',
    out('verify.xml'),
    '--profile-out',
    out('profile.json'),
  ];
  const run = await spawnMeasured(args, { ...settings, env: cliEnv(context) }).ended;
  const names = await readdir(join(folder, 'reports'));
  const files = await Promise.all(names.map((name) => readFile(out(name), 'utf8')));
  return { run, files: files.join('\n') };
}

async function mcpRun(context: Context): Promise<SurfaceRun> {
  const { settings, scenario } = context;
  const http = scenario.surface === 'mcp-http';
  const args = [
    join(settings.dist, 'cli.js'),
    'mcp',
    ...(http ? ['--http', '--port', '0'] : []),
    ...serviceFlags(context),
  ];
  const measured = spawnMeasured(args, { ...settings, env: cliEnv(context), stdin: 'pipe' });
  const wait = { start: 10_000, call: settings.hardTimeoutMs };
  const received = new Tap();
  let tool: ToolAnswer;
  if (http) {
    const url = await urlIn(measured.child.stdout, /at (http:\/\/\S+)/, wait.start);
    tool = url
      ? await callOverHttp(url, toolOf(scenario.call), received, wait)
      : { response: undefined, problem: 'the HTTP server did not start', answeredMs: undefined };
  } else {
    const { stdin, stdout } = measured.child;
    tool = stdin && stdout ? await callOverStdio(stdin, stdout, toolOf(scenario.call), wait) : noStdio;
  }
  // Its peak while it still runs; the exit adds its own maxRSS.
  measured.peakMb();
  measured.child.stdin?.end();
  measured.child.kill('SIGTERM');
  const run = await measured.ended;
  return {
    run,
    tool,
    ...(tool.answeredMs === undefined ? {} : { settledMs: tool.answeredMs }),
    answered: received.result(),
  };
}

const noStdio: ToolAnswer = { response: undefined, problem: 'no stdio', answeredMs: undefined };

const RUNNERS: Record<Surface, (context: Context) => Promise<SurfaceRun>> = {
  'sdk-undici': sdkRun,
  'sdk-fetch': sdkRun,
  cli: cliRun,
  verify: verifyRun,
  'mcp-stdio': mcpRun,
  'mcp-http': mcpRun,
};

function outcomeOf(surface: Surface, result: SurfaceRun): Outcome {
  const { run } = result;
  if (run.stopped === 'memory limit') return 'stopped at the memory limit';
  if (surface.startsWith('mcp-')) return result.tool?.answeredMs === undefined ? 'no answer' : 'answered';
  if (run.stopped === 'hard timeout') return 'did not settle';
  if (surface.startsWith('sdk-')) return result.sdk?.outcome ?? 'exited';
  return 'exited';
}

/** Runs `scenario` against a hostile server of its own and measures it. */
export async function measure(scenario: Scenario, settings: RunSettings): Promise<Measurement> {
  const document = scenario.document ?? (scenario.surface.startsWith('mcp-') ? 'served' : 'hostile');
  const server = await startHostileServer({ attack: scenario.attack, key: HOSTILE_KEY, document });
  const folder = await mkdtemp(join(tmpdir(), 'loyalty-hostile-'));
  try {
    const result = await RUNNERS[scenario.surface]({ scenario, settings, server, folder });
    const { run } = result;
    const outcome = outcomeOf(scenario.surface, result);
    const firstRequest = server.attacked[0]?.at ?? run.startedAt;
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
      settledMs: settled ? (result.settledMs ?? run.endedAt - firstRequest) : undefined,
      peakRssMb: run.peakRssMb,
      exitCode: run.exitCode,
      stdout: run.stdout,
      stderr: run.stderr,
      sdk: result.sdk,
      tool: result.tool,
      files,
      requests: server.attacked.length,
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
