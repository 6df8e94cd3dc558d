/**
 * How each surface of the package is run against a hostile server, in a child process: the SDK
 * (sdk-call.mjs, on either transport), a CLI operation, verify, and MCP over stdio or HTTP.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type ChildRun, spawnMeasured } from './child.js';
import type { HostileServer } from './hostile-server.js';
import { HOSTILE_KEY } from './key.js';
import {
  callOverHttp,
  callOverStdio,
  type ToolAnswer,
  type ToolCall,
  unanswered,
  urlIn,
} from './mcp-client.js';
import type { RunSettings, Scenario, SdkReport, Surface } from './measure.js';
import { Tap, type Tapped } from './tap.js';

const execFileAsync = promisify(execFile);
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

const helps = new Map<string, Promise<string>>();

/** Whether this build's `loyalty verify` takes `flag` (a build before issue 34 has no --timeout-ms). */
async function verifyTakes(dist: string, flag: string): Promise<boolean> {
  let help = helps.get(dist);
  if (help === undefined) {
    help = execFileAsync(process.execPath, [join(dist, 'cli.js'), 'verify', '--help']).then(
      ({ stdout }) => stdout,
    );
    helps.set(dist, help);
  }
  return (await help).includes(flag);
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

export interface SurfaceRun {
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
  return { run, sdk };
}

async function cliRun(context: Context): Promise<SurfaceRun> {
  const cli = join(context.settings.dist, 'cli.js');
  const extra = context.scenario.attack === 'echo' ? ['--with-response', '--verbose'] : [];
  const args = [cli, ...cliArgs(context.scenario.call), ...serviceFlags(context), ...extra];
  return { run: await spawnMeasured(args, { ...context.settings, env: cliEnv(context) }).ended };
}

async function verifyRun(context: Context): Promise<SurfaceRun> {
  const { settings, scenario, folder } = context;
  const timeout = (await verifyTakes(settings.dist, '--timeout-ms'))
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
  const serverGone = new AbortController();
  measured.child.once('close', () => serverGone.abort());
  const received = new Tap();
  let tool: ToolAnswer;
  if (http) {
    const url = await urlIn(measured.child.stdout, /at (http:\/\/\S+)/);
    tool = url
      ? await callOverHttp(url, toolOf(scenario.call), received, serverGone.signal, settings.now)
      : unanswered('the HTTP server did not start');
  } else {
    const { stdin, stdout } = measured.child;
    tool =
      stdin && stdout
        ? await callOverStdio(stdin, stdout, toolOf(scenario.call), settings.now)
        : unanswered('no stdio');
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

export const RUNNERS: Record<Surface, (context: Context) => Promise<SurfaceRun>> = {
  'sdk-undici': sdkRun,
  'sdk-fetch': sdkRun,
  cli: cliRun,
  verify: verifyRun,
  'mcp-stdio': mcpRun,
  'mcp-http': mcpRun,
};
