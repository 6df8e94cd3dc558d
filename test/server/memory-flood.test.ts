/**
 * The reference server's memory stays bounded whatever callers send (issue 44, row 4): `loyalty
 * serve`, in a child process so that its resident set is its own, takes a flood of large creates
 * and state reads, and its peak RSS stays under FLOOD_RSS_BOUND_MB (docs/reference-server.md,
 * "Limits"). Before the record limits, 150 creates of about 1 MB took it to 381 MB, and one state
 * read to 1.39 GB.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../cli/cli-harness.js';
import { type Measured, spawnMeasured } from '../hostile/child.js';
import { urlIn } from '../hostile/mcp-client.js';

/** The bound docs/reference-server.md records for this flood. */
const FLOOD_RSS_BOUND_MB = 300;
const KEY = 'lk_demo_all_scopes';
/** Customers of about 1 MB (under the 1 MiB body limit, over any record limit), as the issue sent them. */
const LARGE_CREATES = 150;
const LARGE_BYTES = 1_000_000;
/** Records requests may create in this run (--max-records), each filled to just under 16 KiB. */
const MAX_RECORDS = 2_000;
const CONCURRENCY = 8;

let outDir: string;
let measured: Measured;
let base: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'memory-flood-'));
  // Only the rate limit is lifted (from a file: JSON cannot say Infinity), so that a flood runs in seconds.
  const config = join(outDir, 'serve.json');
  writeFileSync(config, JSON.stringify({ limits: { rateLimit: { limit: 1_000_000_000, windowMs: 1_000 } } }));
  measured = spawnMeasured(
    [CLI, 'serve', '--port', '0', '--config', config, '--max-records', String(MAX_RECORDS)],
    { hardTimeoutMs: 120_000, rssLimitMb: 2_000, env: { PATH: process.env.PATH ?? '' }, stdin: 'pipe' },
  );
  const url = await urlIn(measured.child.stdout, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  if (!url) throw new Error(`loyalty serve did not start: ${measured.stderr.result().head}`);
  base = url;
}, 60_000);

afterAll(async () => {
  measured?.child.kill('SIGTERM');
  await measured?.ended;
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  codigo: string | undefined;
  length: number;
}

async function send(method: string, path: string, body?: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      apikey: KEY,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    },
    body,
  });
  const text = await response.text();
  const codigo = /"codigo":"([A-Z_]+)"/.exec(text.slice(0, 2_000))?.[1];
  return { status: response.status, codigo, length: text.length };
}

/** `count` requests, CONCURRENCY at a time; their answers in order. */
async function flood(count: number, request: (index: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) answers[index] = await request(index);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return answers;
}

const tally = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((counts, { status, codigo }) => {
    const key = `${status} ${codigo ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

describe('loyalty serve under a flood of large creates and state reads', () => {
  it(`holds its peak resident set under ${FLOOD_RSS_BOUND_MB} MB`, async () => {
    const large = JSON.stringify({ usuarioData: { notas: 'x'.repeat(LARGE_BYTES) } });
    const refused = await flood(LARGE_CREATES, () => send('POST', '/ext/v3/clientes', large));
    expect(tally(refused)).toEqual({ '422 REGISTRO_DEMASIADO_GRANDE': LARGE_CREATES });

    // Records just under the limit (16 KiB as counted), half of text, half of many small values,
    // until the store is full: MAX_RECORDS are taken, the rest refused.
    const text = JSON.stringify({ usuarioData: { notas: 'y'.repeat(15_000) } });
    const values = JSON.stringify({ usuarioData: { lista: Array.from({ length: 110 }, () => ({})) } });
    const filled = await flood(MAX_RECORDS + 200, (index) =>
      send('POST', '/ext/v3/clientes', index % 2 === 0 ? text : values),
    );
    expect(tally(filled)).toEqual({ '200': MAX_RECORDS, '422 DEMASIADOS_REGISTROS': 200 });

    // The inspector polls the state (and the customer it shows): each read answers a page, a few MiB at most.
    const reads = await flood(100, (index) =>
      send('GET', index % 2 === 0 ? '/__admin/state' : '/__admin/customers/cli_0001'),
    );
    expect(reads.every((read) => read.status === 200 && read.length < 5 * 1024 * 1024)).toBe(true);

    expect(measured.peakMb()).toBeLessThan(FLOOD_RSS_BOUND_MB);
  }, 60_000);
});
