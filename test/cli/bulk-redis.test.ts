/** `loyalty bulk --redis URL`: the Redis client the command makes, with Redis up and with nothing there. */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { temporaryFolder } from '../support/end-after.js';
import { loyalty, loyaltyProcess, serverForCli } from './cli-harness.js';

const { env } = await serverForCli();
const file = join(temporaryFolder('cli-bulk-redis-'), 'rows.csv');
writeFileSync(file, 'id,uid,puntos\nredis-1,cli_0001,1\n');
/** Counts the connections this process opens to `port` that are refused, from now until the test ends. */
function refusalsAt(port: number): { count(): number } {
  let count = 0;
  const onSocket = (message: unknown) => {
    (message as { socket: Socket }).socket.on('error', (error: NodeJS.ErrnoException & { port?: number }) => {
      if (error.code === 'ECONNREFUSED' && error.port === port) count += 1;
    });
  };
  subscribe('net.client.socket', onSocket);
  onTestFinished(() => {
    unsubscribe('net.client.socket', onSocket);
  });
  return { count: () => count };
}

const bulk = (redis: string) => ['bulk', 'clientes.puntos.add', '--file', file, '--redis', redis];

describe('loyalty bulk --redis', { timeout: 30_000 }, () => {
  it('with nothing listening, fails at the first refusal with one line and exit 7 (no answer), the password not shown', async () => {
    const refused = refusalsAt(9);
    const run = await loyalty(bulk('redis://:redis-secret-pw@127.0.0.1:9'), env);
    // Fast, as an order of events: one connection refused, and the command ends without another try.
    expect(refused.count()).toBe(1);
    expect(run.code).toBe(7);
    expect(run.stderr).toBe('loyalty: Redis at redis://127.0.0.1:9 is unreachable (ECONNREFUSED)\n');
    expect(run.stdout).toBe('');
  });

  // A process of its own: "ends" is the process exiting, no Redis connection left holding it.
  it('with Redis up, runs the job and ends', async () => {
    const run = await loyaltyProcess(
      [...bulk(inject('redisUrl')), '--job-id', `redis-up-${process.pid}`],
      env,
    );
    expect(run.stdout).toContain('succeeded 1, skipped 0, failed 0');
    expect(run.code).toBe(0);
  });
});
