// @ts-check
/**
 * `npm run test:load` (after `npm run build`): 200 concurrent connections for 20 s against the
 * reference server (from dist/, in a child process, rate limits off), mixing customer reads,
 * history reads, points additions with fresh idempotency keys and replays of keys already sent.
 * Then it checks: no 5xx, no socket error or timeout, every answer one it may be, and the state
 * consistent: every key applied at most once (its `motivo` is in the audit once), every balance
 * equal to the sum of its audit movements and to the sum of its history, the seed untouched.
 * Prints the figures; exits 1 when a check fails.
 *
 * LOAD_DURATION (seconds) and LOAD_CONNECTIONS shorten a trial run.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';

const DURATION = Number(process.env.LOAD_DURATION ?? 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const TARGETS = 500;
const API_KEY = 'lk_demo_all_scopes';
const RUN = randomUUID().slice(0, 8);
const READ_UIDS = Array.from({ length: 24 }, (_, index) => `cli_${String(index + 1).padStart(4, '0')}`);

/** The share of each kind of request, in order; the rest are replays. */
const MIX = { customer: 0.4, history: 0.15, add: 0.3 };

/** @param {string} script */
async function startServer(script) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const exited = once(child, 'close').then(([code]) => {
    throw new Error(`${script} exited (code ${code}) before printing its URL`);
  });
  const [url] = /** @type {[string]} */ (await Promise.race([once(lines, 'line'), exited]));
  return {
    url,
    stop: async () => {
      const stopped = once(child, 'exit');
      child.stdin?.end();
      await stopped;
    },
  };
}

/**
 * @param {string} baseUrl
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
async function api(baseUrl, method, path, body, headers = {}) {
  const response = await request(`${baseUrl}${path}`, {
    method: /** @type {'GET'} */ (method),
    headers: {
      apikey: API_KEY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200)
    throw new Error(`${method} ${path}: ${response.statusCode} ${text.slice(0, 300)}`);
  return /** @type {{ data: any }} */ (JSON.parse(text)).data;
}

/** @param {readonly string[]} values */
const pick = (values) => /** @type {string} */ (values[Math.floor(Math.random() * values.length)]);

/** @typedef {{ key: string, uid: string, puntos: number }} Write */

const server = await startServer('./server.mjs');
const failures = /** @type {string[]} */ ([]);
const check = (/** @type {boolean} */ ok, /** @type {string} */ what) => {
  if (!ok) failures.push(what);
};

try {
  const base = server.url;
  // Customers the writes go to, so that histories stay short enough to read often.
  const targets = /** @type {string[]} */ ([]);
  for (let index = 0; index < TARGETS; index += 1) {
    const created = await api(
      base,
      'POST',
      '/ext/v3/clientes',
      { usuarioData: { nombre: `Carga ${index}` } },
      {
        'idempotency-key': `load-setup-${RUN}-${index}`,
      },
    );
    targets.push(created.uid);
  }
  const seedBalances = new Map();
  for (const uid of READ_UIDS)
    seedBalances.set(uid, (await api(base, 'GET', `/ext/v3/clientes/${uid}`)).puntos);
  const allUids = [...READ_UIDS, ...targets];

  /** Every key sent, with what it carried. */
  const sent = /** @type {Map<string, Write>} */ (new Map());
  /** Keys some answer confirmed (200). */
  const confirmed = /** @type {Set<string>} */ (new Set());
  /** Recent writes, replayed with the same key and body. */
  const recent = /** @type {Write[]} */ ([]);
  let counter = 0;
  let replayedAnswers = 0;
  /** @type {Record<string, Record<string, number>>} */
  const statusesByKind = {};

  /**
   * @param {Write} write
   * @returns {import('autocannon').Request}
   */
  const addRequest = (write) => ({
    method: 'POST',
    path: `/ext/v3/clientes/${encodeURIComponent(write.uid)}/puntos`,
    headers: { apikey: API_KEY, 'content-type': 'application/json', 'idempotency-key': write.key },
    body: JSON.stringify({ puntos: write.puntos, motivo: `load:${write.key}` }),
  });

  /** @type {import('autocannon').Request} */
  const mixed = {
    method: 'GET',
    path: '/ext/v3/tareas',
    setupRequest: (_request, context) => {
      const state = /** @type {{ kind?: string, key?: string }} */ (context);
      const roll = Math.random();
      const readHeaders = { apikey: API_KEY };
      if (roll < MIX.customer) {
        state.kind = 'customer';
        return { method: 'GET', path: `/ext/v3/clientes/${pick(allUids)}`, headers: readHeaders };
      }
      if (roll < MIX.customer + MIX.history) {
        state.kind = 'history';
        return { method: 'GET', path: `/ext/v3/clientes/${pick(targets)}/puntos`, headers: readHeaders };
      }
      if (roll < MIX.customer + MIX.history + MIX.add || recent.length === 0) {
        const write = {
          key: `load-${RUN}-${counter++}`,
          uid: pick(targets),
          puntos: 1 + Math.floor(Math.random() * 50),
        };
        sent.set(write.key, write);
        recent.push(write);
        if (recent.length > 1_000) recent.shift();
        state.kind = 'add';
        state.key = write.key;
        return addRequest(write);
      }
      const write = /** @type {Write} */ (recent[Math.floor(Math.random() * recent.length)]);
      state.kind = 'replay';
      state.key = write.key;
      return addRequest(write);
    },
    onResponse: (status, _body, context, headers) => {
      const state = /** @type {{ kind: string, key?: string }} */ (context);
      const byStatus = statusesByKind[state.kind] ?? {};
      statusesByKind[state.kind] = byStatus;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      if (status === 200 && state.key !== undefined) confirmed.add(state.key);
      if (headers?.['idempotent-replayed'] === 'true') replayedAnswers += 1;
    },
  };

  console.log(
    `load: ${CONNECTIONS} connections for ${DURATION} s against ${base} (reference server from dist/, rate limits off)`,
  );
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    requests: [mixed],
  });

  // The state afterwards, through the API and the admin route.
  const audit = /** @type {{ uid: string, puntos: number, motivo: string | null, operationId: string }[]} */ (
    await api(base, 'GET', '/__admin/audit')
  );
  const loadEntries = audit.filter((entry) => entry.motivo?.startsWith(`load:load-${RUN}-`));
  const appliedKeys = loadEntries.map((entry) => /** @type {string} */ (entry.motivo).slice('load:'.length));
  const applied = new Set(appliedKeys);
  check(
    applied.size === appliedKeys.length,
    `${appliedKeys.length - applied.size} keys were applied more than once`,
  );
  check(
    [...confirmed].every((key) => applied.has(key)),
    `${[...confirmed].filter((key) => !applied.has(key)).length} confirmed keys are not in the audit`,
  );
  check(
    appliedKeys.every((key) => sent.has(key)),
    'the audit holds keys that were never sent',
  );
  for (const entry of loadEntries) {
    const write = sent.get(/** @type {string} */ (entry.motivo).slice('load:'.length));
    if (write && (write.uid !== entry.uid || write.puntos !== entry.puntos)) {
      failures.push(`audit entry ${entry.motivo} does not match what its key carried`);
      break;
    }
  }
  const auditSum = new Map();
  for (const entry of loadEntries) auditSum.set(entry.uid, (auditSum.get(entry.uid) ?? 0) + entry.puntos);
  let mismatched = 0;
  for (const uid of targets) {
    const customer = await api(base, 'GET', `/ext/v3/clientes/${uid}`);
    const history = /** @type {{ puntos: number }[]} */ (
      await api(base, 'GET', `/ext/v3/clientes/${uid}/puntos`)
    );
    const historySum = history.reduce((sum, movement) => sum + movement.puntos, 0);
    if (customer.puntos !== (auditSum.get(uid) ?? 0) || customer.puntos !== historySum) mismatched += 1;
  }
  check(
    mismatched === 0,
    `${mismatched} customers have a balance other than the sum of their audit and history`,
  );
  for (const uid of READ_UIDS) {
    const customer = await api(base, 'GET', `/ext/v3/clientes/${uid}`);
    check(customer.puntos === seedBalances.get(uid), `${uid} (only read) changed balance`);
  }

  // The answers.
  const statusTotals = /** @type {Record<string, number>} */ ({});
  for (const byStatus of Object.values(statusesByKind)) {
    for (const [status, count] of Object.entries(byStatus))
      statusTotals[status] = (statusTotals[status] ?? 0) + count;
  }
  check(result['5xx'] === 0, `${result['5xx']} answers were 5xx`);
  check(result.errors === 0, `${result.errors} socket errors`);
  check(result.timeouts === 0, `${result.timeouts} timeouts`);
  for (const [kind, byStatus] of Object.entries(statusesByKind)) {
    const allowed = kind === 'replay' ? ['200', '409'] : ['200'];
    const unexpected = Object.keys(byStatus).filter((status) => !allowed.includes(status));
    check(unexpected.length === 0, `${kind} answered ${unexpected.join(', ')}`);
  }
  check((statusesByKind.replay?.['200'] ?? 0) > 0 && replayedAnswers > 0, 'no replay was answered');

  const total = result.requests.total;
  console.log('');
  console.log(
    `requests:    ${total} in ${result.duration} s, ${result.requests.average.toFixed(0)} req/s on average (min ${result.requests.min}, max ${result.requests.max})`,
  );
  console.log(
    `latency:     p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms (mean ${result.latency.average.toFixed(1)} ms)`,
  );
  console.log(`throughput:  ${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s`);
  console.log(
    `statuses:    ${JSON.stringify(statusTotals)} (2xx ${result['2xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']})`,
  );
  console.log(`by kind:     ${JSON.stringify(statusesByKind)}`);
  console.log(
    `errors:      ${result.errors} socket errors, ${result.timeouts} timeouts, ${result.resets} resets`,
  );
  console.log(
    `writes:      ${sent.size} keys sent, ${confirmed.size} confirmed, ${applied.size} applied once each, ${replayedAnswers} answers replayed (idempotent-replayed: true)`,
  );
  console.log(
    `state:       ${targets.length} written customers and ${READ_UIDS.length} read-only ones checked`,
  );
  if (failures.length > 0) {
    console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nOK: no 5xx, no socket error, state consistent');
  }
} finally {
  await server.stop();
}
