/**
 * The fleet test's orchestrator: a reference server over HTTP with a rate limit and injected
 * faults, `workers` processes of test/fleet/worker.mjs (the built package) sharing one API key,
 * one Redis limiter and one Redis checkpoint, some of them killed with SIGKILL mid-run and
 * started again; then the figures and the exactness of the ledger.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import type { FaultOptions } from '../../src/server/index.js';
import { createNodeListener, createReferenceEngine } from '../../src/server/internal.js';
import { movements, OPENING_BALANCE, uidOf } from './plan.mjs';

const API_KEY = 'lk_fleet_0123456789abcdef';
const WORKER = new URL('./worker.mjs', import.meta.url);

export interface FleetOptions {
  customers: number;
  movements: number;
  workers: number;
  /** The server's own rate limit, requests per second of the key. */
  serverRate: number;
  /** The shared limiter's rate; `undefined` runs the control: no limiter at all. */
  limiterRate: number | undefined;
  concurrency: number;
  faults: FaultOptions | undefined;
  /** Workers killed with SIGKILL when they have done this share of their items, then started again. */
  kills: readonly { worker: number; atShare: number }[];
  redisUrl: string;
  jobId: string;
}

export interface WorkerSummary {
  total: number;
  succeeded: number;
  skipped: number;
  failed: number;
  failures: { itemKey: string; error: string }[];
}

export interface FleetFigures {
  /** From the first worker's start to the last one's end, when a clock was given (`npm run test:fleet`). */
  wallMs: number | undefined;
  /** Requests that reached /ext/v3, retries and refused ones included. */
  requests: number;
  byStatus: Record<string, number>;
  /** Connections ended with no answer (injected drops and stalls). */
  unanswered: number;
  injected: Record<string, number>;
  /** 429s of the server's own rate limit (the injected storms taken away). */
  own429: number;
  /** The time the requests sent need at the server's rate limit. */
  idealMs: number;
  kills: number;
  /** Customers whose balance is not opening balance plus their movements. */
  wrongBalances: number;
  auditEntries: number;
  distinctAuditMotivos: number;
  summaries: WorkerSummary[];
}

interface Counting {
  server: Server;
  baseUrl: string;
  requests: number;
  unanswered: number;
  byStatus: Record<string, number>;
}

async function listen(options: FleetOptions) {
  const engine = createReferenceEngine({
    seed: 'empty',
    keys: [{ key: API_KEY, scopes: '*' }],
    limits: {
      rateLimit: { limit: options.serverRate, windowMs: 1_000 },
      groupActionsPerMinute: Number.POSITIVE_INFINITY,
      // The full fleet makes 20,000 movements: the run measures the client, not the record limits.
      maxRecords: Number.POSITIVE_INFINITY,
    },
    ...(options.faults ? { faults: options.faults } : {}),
  });
  for (let index = 0; index < options.customers; index++) {
    engine.admin.createCustomer({ uid: uidOf(index), puntos: OPENING_BALANCE });
  }
  const listener = createNodeListener(engine);
  const counting: Counting = {
    server: createServer((req, res) => {
      if (req.url?.startsWith('/ext/v3')) {
        counting.requests += 1;
        let answered = false;
        res.on('finish', () => {
          answered = true;
          counting.byStatus[res.statusCode] = (counting.byStatus[res.statusCode] ?? 0) + 1;
        });
        res.on('close', () => {
          if (!answered) counting.unanswered += 1;
        });
      }
      listener(req, res);
    }),
    baseUrl: '',
    requests: 0,
    unanswered: 0,
    byStatus: {},
  };
  await new Promise<void>((resolve) => counting.server.listen(0, '127.0.0.1', resolve));
  counting.baseUrl = `http://127.0.0.1:${(counting.server.address() as AddressInfo).port}`;
  return { engine, counting };
}

/** Runs worker `index` to its end, killing it once at `killAt` items done and starting it again. */
function runWorker(
  options: FleetOptions,
  baseUrl: string,
  index: number,
  killAt: number | undefined,
  onKill: () => void,
): Promise<WorkerSummary> {
  const settings = {
    baseUrl,
    apiKey: API_KEY,
    redisUrl: options.redisUrl,
    jobId: options.jobId,
    index,
    count: options.workers,
    customers: options.customers,
    movements: options.movements,
    sharedLimiter: options.limiterRate !== undefined,
    requestsPerSecond: options.limiterRate ?? 1,
    concurrency: options.concurrency,
    maxRetries: 10,
    timeoutMs: 2_000,
  };
  const start = (kill: number | undefined): Promise<WorkerSummary> =>
    new Promise((resolve, reject) => {
      const child: ChildProcess = spawn(process.execPath, [WORKER.pathname], {
        env: { ...process.env, FLEET_WORKER: JSON.stringify(settings) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let summary: WorkerSummary | undefined;
      let killed = false;
      let errors = '';
      child.stderr?.on('data', (chunk) => {
        errors += chunk;
      });
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const message = JSON.parse(line) as { type: string; done?: number } & WorkerSummary;
        if (message.type === 'summary') summary = message;
        if (message.type === 'progress' && kill !== undefined && !killed && (message.done ?? 0) >= kill) {
          killed = true;
          child.kill('SIGKILL');
        }
      });
      // 'close', not 'exit': 'exit' may come before the last line of stdout (the summary) was read.
      child.on('close', (code, signal) => {
        if (killed && signal === 'SIGKILL') {
          onKill();
          start(undefined).then(resolve, reject);
        } else if (code === 0 && summary) resolve(summary);
        else
          reject(
            new Error(`fleet worker ${index} ended with ${signal ?? code}: ${errors.trim().slice(-2_000)}`),
          );
      });
    });
  return start(killAt);
}

/** Runs the fleet; `now`, the clock its wall time is read by, only where that time is judged. */
export async function runFleet(options: FleetOptions, now?: () => number): Promise<FleetFigures> {
  const { engine, counting } = await listen(options);
  const share = options.movements / options.workers;
  let kills = 0;
  const started = now?.();
  try {
    const summaries = await Promise.all(
      Array.from({ length: options.workers }, (_, index) => {
        const kill = options.kills.find((entry) => entry.worker === index);
        const killAt = kill ? Math.floor(share * kill.atShare) : undefined;
        return runWorker(options, counting.baseUrl, index, killAt, () => {
          kills += 1;
        });
      }),
    );
    const ended = now?.();
    const wallMs = started === undefined || ended === undefined ? undefined : ended - started;
    const due = new Map<string, number>();
    for (const { uid, puntos } of movements(options.movements, options.customers)) {
      due.set(uid, (due.get(uid) ?? OPENING_BALANCE) + puntos);
    }
    let wrongBalances = 0;
    for (let index = 0; index < options.customers; index++) {
      const uid = uidOf(index);
      if (engine.admin.customer(uid)?.puntos !== (due.get(uid) ?? OPENING_BALANCE)) wrongBalances += 1;
    }
    const audit = engine.admin.audit();
    const injected = engine.admin.faults()?.injected ?? {};
    const all429 = counting.byStatus[429] ?? 0;
    return {
      wallMs,
      requests: counting.requests,
      byStatus: counting.byStatus,
      unanswered: counting.unanswered,
      injected,
      own429: all429 - ((injected as Record<string, number>).rateLimitStorm ?? 0),
      idealMs: (counting.requests / options.serverRate) * 1_000,
      kills,
      wrongBalances,
      auditEntries: audit.length,
      distinctAuditMotivos: new Set(audit.map((entry) => entry.motivo)).size,
      summaries,
    };
  } finally {
    counting.server.closeAllConnections();
    await new Promise((resolve) => counting.server.close(resolve));
  }
}

function wallLine(options: FleetOptions, { wallMs, idealMs }: FleetFigures): string {
  const ideal = `ideal at ${options.serverRate}/s ${(idealMs / 1000).toFixed(1)} s`;
  if (wallMs === undefined) return `${ideal} (the wall time is read under npm run test:fleet)`;
  return `wall ${(wallMs / 1000).toFixed(1)} s; ${ideal}; ratio ${(wallMs / idealMs).toFixed(2)}x`;
}

/** The figures as the closing note and the test's log print them. */
export function describeFleet(label: string, options: FleetOptions, figures: FleetFigures): string {
  const share = (count: number) => `${((count / Math.max(1, figures.requests)) * 100).toFixed(2)}%`;
  const injected = Object.entries(figures.injected)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  return [
    `${label}: ${options.movements} movements over ${options.customers} customers, ${options.workers} workers x concurrency ${options.concurrency}, server limit ${options.serverRate}/s, limiter ${options.limiterRate ?? 'none'}`,
    `  workers killed with SIGKILL and started again: ${figures.kills}`,
    `  requests ${figures.requests} (unanswered ${figures.unanswered}); injected: ${injected || 'none'}`,
    `  server's own 429s: ${figures.own429} (${share(figures.own429)} of requests)`,
    `  ${wallLine(options, figures)}`,
    `  balances wrong: ${figures.wrongBalances} of ${options.customers}; audit entries ${figures.auditEntries} (distinct ${figures.distinctAuditMotivos}) for ${options.movements} movements`,
  ].join('\n');
}
