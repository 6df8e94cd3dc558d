/**
 * `loyalty bulk --rps` and the service's own rate limit: every 429 a run meets is in its summary
 * (how many, how many retried) with what to do; at the limit itself the run still applies each
 * row once (docs/decisions.md, "--rps at the service's limit").
 */
import { describe, expect, it } from 'vitest';
import { ledger, movementsFile, pointsBulk, summaryCounts } from './bulk-harness.js';
import { loyalty } from './cli-harness.js';

const CUSTOMERS = 20;

/** How many 429s the reference server answered (its request log holds the last 1,000 requests). */
async function answered429(url: string): Promise<number> {
  const answer = await fetch(`${url}/__admin/requests?status=429`);
  const body = (await answer.json()) as { data?: unknown[] } | unknown[];
  return (Array.isArray(body) ? body : (body.data ?? [])).length;
}

/** The 429s a summary line reports: `...; 429 answers N, retried R`, or none. */
function reported429(stdout: string): { answers: number; retried: number } {
  const match = /; 429 answers (\d+), retried (\d+)$/m.exec(stdout);
  return { answers: Number(match?.[1] ?? 0), retried: Number(match?.[2] ?? 0) };
}

async function runAt(limit: number, rps: number, rows: number, name: string) {
  const { server, url, env } = await ledger(CUSTOMERS, { limits: { rateLimit: { limit } } });
  const { file, due } = movementsFile(`${name}.csv`, rows, CUSTOMERS);
  const run = await loyalty(
    pointsBulk(file, '--rps', String(rps), '--concurrency', '8', '--max-retries', '10'),
    env,
  );
  const wrong = [...due].filter(([uid, balance]) => server.admin.customer(uid)?.puntos !== balance);
  return { run, wrong, applied: server.admin.audit().length, served429: await answered429(url) };
}

describe('loyalty bulk --rps and the service rate limit', { timeout: 120_000 }, () => {
  it('above the limit: the summary counts every 429 the service answered, retried, and says to run below the limit', async () => {
    const { run, wrong, applied, served429 } = await runAt(20, 40, 100, 'above-limit');
    expect(served429).toBeGreaterThan(0);
    expect(summaryCounts(run.stdout)).toEqual({ succeeded: 100, skipped: 0, failed: 0, invalid: 0 });
    expect(reported429(run.stdout)).toEqual({ answers: served429, retried: served429 });
    expect(run.stderr).toContain(
      `the service answered 429 (too many requests) ${served429} times, each pausing the run's calls for its Retry-After; --rps 40 is at or above the API key's limit as the service counts it: run a few per cent below it (--rps 38)`,
    );
    expect(applied).toBe(100);
    expect(wrong).toEqual([]);
  });

  it("at the service's own limit: each row applied once, and the summary reports exactly the 429s the service answered", async () => {
    const { run, wrong, applied, served429 } = await runAt(50, 50, 300, 'at-limit');
    expect(run.code).toBe(0);
    expect(summaryCounts(run.stdout)).toEqual({ succeeded: 300, skipped: 0, failed: 0, invalid: 0 });
    expect(reported429(run.stdout)).toEqual({ answers: served429, retried: served429 });
    expect(applied).toBe(300);
    expect(wrong).toEqual([]);
  });
});
