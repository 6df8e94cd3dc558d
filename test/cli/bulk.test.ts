/**
 * `loyalty bulk`: rows of a CSV or JSON-lines file through the bulk runner, checked first, with a
 * failures file that can be fed back in; exact balances through injected faults.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { movementOf, OPENING_BALANCE, uidOf } from '../fleet/plan.mjs';
import { temporaryFolder } from '../support/end-after.js';
import { loyalty, loyaltyProcess, serverForCli } from './cli-harness.js';
import { pastedArgv } from './paste.js';

const directory = temporaryFolder('cli-bulk-');
const path = (name: string) => join(directory, name);

/** `count` movements over `customers` as a CSV with a header: order,uid,puntos,motivo. */
function movementsCsv(name: string, count: number, customers: number): string {
  const lines = ['order,uid,puntos,motivo'];
  for (let index = 0; index < count; index++) {
    const { id, uid, puntos } = movementOf(index, customers);
    lines.push(`${id},${uid},${puntos},${id}`);
  }
  writeFileSync(path(name), `${lines.join('\n')}\n`);
  return path(name);
}

async function ledger(customers: number, options: Parameters<typeof serverForCli>[0] = {}) {
  // No rate limit: the rows' pace is the client's (a real run gives --rps).
  const served = await serverForCli({
    seed: 'empty',
    limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } },
    ...options,
  });
  for (let index = 0; index < customers; index++) {
    served.server.admin.createCustomer({ uid: uidOf(index), puntos: OPENING_BALANCE });
  }
  return served;
}

describe('loyalty bulk', { timeout: 120_000 }, () => {
  it('10,000 rows through 20% injected faults: failed rows in the failures file; fed back, every balance is exact', async () => {
    const customers = 200;
    const { server, env } = await ledger(customers, {
      faults: { seed: 7, rates: { serverError: 0.1, dropBeforeProcessing: 0.05, dropAfterCommit: 0.05 } },
    });
    const file = movementsCsv('movements.csv', 10_000, customers);
    const common = [
      '--key-field',
      'order',
      '--job-id',
      'accrual-test',
      '--concurrency',
      '32',
      '--max-retries',
      '1',
    ];
    const first = await loyalty(
      ['bulk', 'clientes.puntos.add', '--file', file, ...common, '--failures', path('failed.csv')],
      env,
    );
    const [succeeded, , failed] = (/succeeded (\d+), skipped (\d+), failed (\d+)/.exec(first.stdout) ?? [])
      .slice(1)
      .map(Number);
    expect(failed).toBeGreaterThan(0);
    expect(first.code).toBe(1);
    expect((succeeded as number) + (failed as number)).toBe(10_000);
    const failures = readFileSync(path('failed.csv'), 'utf8').trim().split('\n');
    expect(failures[0]).toBe('order,uid,puntos,motivo,error,outcome,sentItemKey');
    expect(failures).toHaveLength((failed as number) + 1);
    // 500s and lost connections: the service may have applied each, so each goes again under its key.
    expect(failures.slice(1).every((line) => /,unknown,[^,]+$/.test(line))).toBe(true);
    expect(first.stderr).toContain('--job-id accrual-test --key-field order');

    const again = await loyalty(
      [
        'bulk',
        'clientes.puntos.add',
        '--file',
        path('failed.csv'),
        ...common.slice(0, 4),
        '--max-retries',
        '10',
      ],
      env,
    );
    expect(again.stdout).toContain(`succeeded ${failed}, skipped 0, failed 0`);
    expect(again.code).toBe(0);
    const due = new Map<string, number>();
    for (let index = 0; index < 10_000; index++) {
      const { uid, puntos } = movementOf(index, customers);
      due.set(uid, (due.get(uid) ?? OPENING_BALANCE) + puntos);
    }
    const wrong = [...due].filter(([uid, balance]) => server.admin.customer(uid)?.puntos !== balance);
    expect(wrong).toEqual([]);
    expect(server.admin.audit()).toHaveLength(10_000);
  });

  it('a row the service refused (404), fixed in the failures file and fed back as the command says, is applied once under a key of its own', async () => {
    const { server, env } = await ledger(3);
    const rows = [
      { id: 'm1', uid: uidOf(0), puntos: 5 },
      { id: 'm2', uid: uidOf(1), puntos: 7 },
      { id: 'm3', uid: 'cli_9999', puntos: 9 },
    ];
    writeFileSync(path('refused.jsonl'), rows.map((row) => JSON.stringify(row)).join('\n'));
    // The built bin: the command line it prints starts with how it was started (`loyalty`).
    const first = await loyaltyProcess(
      [
        'bulk',
        'clientes.puntos.add',
        '--file',
        path('refused.jsonl'),
        '--failures',
        path('refused-failed.jsonl'),
      ],
      env,
    );
    expect(first.stdout).toContain('succeeded 2, skipped 0, failed 1');
    const [failure] = readFileSync(path('refused-failed.jsonl'), 'utf8').trim().split('\n');
    expect(JSON.parse(failure as string)).toMatchObject({ id: 'm3', outcome: 'refused', sentItemKey: 'm3' });
    const command = /send the file with the same job: loyalty (.+)\n/.exec(first.stderr)?.[1] ?? '';
    expect(command).toContain(`--file ${path('refused-failed.jsonl')}`);

    writeFileSync(path('refused-failed.jsonl'), (failure as string).replace('cli_9999', uidOf(2)));
    const args = pastedArgv('loyalty', `loyalty ${command}`, directory);
    const fixed = await loyalty(args, env);
    expect(fixed.stdout).toContain('succeeded 1, skipped 0, failed 0');
    const again = await loyalty(args, env);
    expect(again.stdout).toContain('succeeded 1, skipped 0, failed 0');
    expect(server.admin.customer(uidOf(2))?.puntos).toBe(OPENING_BALANCE + 9);
    expect(server.admin.customer(uidOf(0))?.puntos).toBe(OPENING_BALANCE + 5);
    expect(server.admin.audit()).toHaveLength(3);
  });

  it('checks every row before the first request: bad rows listed with their lines, nothing sent', async () => {
    const { server, env } = await ledger(3);
    writeFileSync(path('bad.csv'), `id,uid,puntos\na,${uidOf(0)},5\nb,${uidOf(1)},0\nc,${uidOf(2)},lots\n`);
    const run = await loyalty(['bulk', 'clientes.puntos.add', '--file', path('bad.csv')], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('2 of 3 rows are invalid');
    expect(run.stderr).toContain('line 3: body.puntos: must not be 0');
    expect(run.stderr).toMatch(/line 4: body\.puntos: /);
    expect(run.stderr).toContain('nothing was sent');
    expect(server.admin.audit()).toHaveLength(0);
  });

  it('one invalid row of one is said in the singular: "1 of 1 row is invalid"', async () => {
    const { env } = await ledger(1);
    writeFileSync(path('one-bad.csv'), `id,uid,puntos\na,${uidOf(0)},0\n`);
    const run = await loyalty(['bulk', 'clientes.puntos.add', '--file', path('one-bad.csv')], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bulk: 1 of 1 row is invalid:');
  });

  it('maps columns with --map, reads JSON lines from stdin, and skips what a checkpoint recorded', async () => {
    const { server, env } = await ledger(2);
    const rows = [
      { ref: 'r1', cliente: uidOf(0), puntos: 5 },
      { ref: 'r2', cliente: uidOf(1), puntos: 7 },
    ];
    const input = rows.map((row) => JSON.stringify(row)).join('\n');
    const args = [
      'bulk',
      'clientes.puntos.add',
      '--file',
      '-',
      '--job-id',
      'stdin-job',
      '--key-field',
      'ref',
      '--map',
      'cliente=uid',
      '--checkpoint',
      path('stdin.ckpt'),
    ];
    const first = await loyalty(args, env, input);
    expect(first.stdout).toContain('succeeded 2, skipped 0, failed 0');
    const second = await loyalty(args, env, input);
    expect(second.stdout).toContain('succeeded 0, skipped 2, failed 0');
    expect(server.admin.customer(uidOf(1))?.puntos).toBe(OPENING_BALANCE + 7);
  });

  it('needs --key-field (or an id column), and --yes for a group action; suggests the operation meant', async () => {
    const { env } = await ledger(1);
    writeFileSync(path('nokey.csv'), `uid,puntos\n${uidOf(0)},5\n`);
    const noKey = await loyalty(['bulk', 'clientes.puntos.add', '--file', path('nokey.csv')], env);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('bulk needs --key-field NAME');
    const group = await loyalty(['bulk', 'grupos.puntos.add', '--file', path('nokey.csv')], env);
    expect(group.code).toBe(2);
    expect(group.stderr).toContain('add --yes to run it');
    const typo = await loyalty(['bulk', 'clientes.punto.add', '--file', path('nokey.csv')], env);
    expect(typo.stderr).toContain('did you mean clientes.puntos.add?');
  });
});

describe('loyalty bulk: progress on stderr, off a terminal', { timeout: 60_000 }, () => {
  /** Two rows answered slowly, one at a time: a progress line after the first, the job ends 300 ms later. */
  async function slowRun() {
    const { env } = await ledger(2, { faults: { seed: 1, latencyMs: 300 } });
    const file = movementsCsv('slow.csv', 2, 2);
    return loyalty(
      ['bulk', 'clientes.puntos.add', '--file', file, '--key-field', 'order', '--concurrency', '1'],
      env,
    );
  }
  const progressLines = (stderr: string) => stderr.split('\n').filter((line) => / done \(/.test(line));

  it('the last progress line agrees with the summary', async () => {
    const run = await slowRun();
    expect(run.stdout).toContain('succeeded 2, skipped 0, failed 0');
    expect(progressLines(run.stderr).at(-1)).toMatch(
      /^bulk: 2 of 2 done \(succeeded 2, skipped 0, failed 0, invalid 0\)/,
    );
  });

  it('a progress line of a job whose total is known shows the time left', async () => {
    const lines = progressLines((await slowRun()).stderr);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/ETA \d+s$/);
  });
});

describe('loyalty bulk: failed rows without --failures', { timeout: 60_000 }, () => {
  /** `failing` rows for customers that do not exist (404), after one that succeeds. */
  async function runWithFailures(failing: number) {
    const { env } = await ledger(1);
    const lines = ['order,uid,puntos', `ok-1,${uidOf(0)},5`];
    for (let index = 0; index < failing; index++) lines.push(`gone-${index},nobody_${index},5`);
    writeFileSync(path(`failing-${failing}.csv`), `${lines.join('\n')}\n`);
    return loyalty(
      ['bulk', 'clientes.puntos.add', '--file', path(`failing-${failing}.csv`), '--key-field', 'order'],
      env,
    );
  }
  const rowLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('bulk: row '));

  it("each failed row's key and reason are on stderr, one line each", async () => {
    const run = await runWithFailures(2);
    expect(run.code).toBe(1);
    const lines = rowLines(run.stderr);
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.startsWith('bulk: row gone-1: '))).toContain('404');
  });

  it('at most 20 are listed, then how many more and where to get them all', async () => {
    const run = await runWithFailures(25);
    expect(rowLines(run.stderr)).toHaveLength(20);
    expect(run.stderr).toContain('and 5 more; use --failures FILE');
  });
});
