/**
 * One command per operation of the table: each runs as its SDK method does, with the method's
 * valid arguments written as a user writes them (path parameters in order, fields as flags), and
 * prints the operation's data as JSON when stdout is a pipe.
 */
import { describe, expect, it } from 'vitest';
import { kebab } from '../../src/cli/table/command-tree.js';
import { pathParamNames } from '../../src/operations/define.js';
import type { Operation } from '../../src/operations/table.js';
import { type OperationId, operations, tableOperation } from '../../src/operations/table.js';
import { VALID_ARGS } from '../support/valid-sdk-calls.js';
import { loyalty, loyaltyProcess, serverForCli } from './cli-harness.js';

/** A body or query object as flags: `--puntos 1 --motivo x`, `--dry-run`, `--usuario-data.nombre Ana`. */
function flagsOf(fields: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([name, value]) => {
    const flag = prefix ? `${prefix}.${name}` : `--${kebab(name)}`;
    if (typeof value === 'boolean') return [value ? flag : `--no-${flag.slice(2)}`];
    if (typeof value === 'object' && value !== null) return flagsOf(value as Record<string, unknown>, flag);
    return [flag, String(value)];
  });
}

/** The command line of `client.<id>(...VALID_ARGS[id])`. */
function commandLine(operation: Operation): string[] {
  const args = VALID_ARGS[operation.id as OperationId];
  const positionals = args.slice(0, pathParamNames(operation.path).length).map(String);
  const fields = args[positionals.length] as Record<string, unknown> | undefined;
  return [...operation.id.split('.').map(kebab), ...positionals, ...flagsOf(fields ?? {})];
}

const { env } = await serverForCli();

describe('a command for every operation of the table', () => {
  it.each((operations as readonly Operation[]).map((operation) => [operation.id, operation] as const))(
    '%s: runs, exits 0 and prints its data as JSON on a pipe',
    async (id, operation) => {
      const run = await loyalty(commandLine(operation), env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const data = JSON.parse(run.stdout);
      expect(tableOperation(id as OperationId).data.safeParse(data).success).toBe(true);
    },
  );

  it('a group action applied with --yes changes the group; the command line names it like the SDK', async () => {
    const run = await loyalty(['grupos', 'puntos', 'add', '1', '--puntos', '2', '--yes'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ grupoId: 1, dryRun: false });
  });

  it('--with-response prints the meta, the requestId and the Idempotency-Key sent', async () => {
    const run = await loyalty(
      [
        'clientes',
        'puntos',
        'add',
        'cli_0002',
        '--puntos',
        '5',
        '--idempotency-key',
        'cli-test-key-0001',
        '--with-response',
      ],
      env,
    );
    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout);
    expect(shown).toMatchObject({ status: 200, idempotencyKey: 'cli-test-key-0001', data: { puntos: 5 } });
    expect(shown.requestId).toBe(shown.meta.requestId);
  });

  it('--data takes the whole body from stdin; a flag overrides its field', async () => {
    // The built bin, end to end: the body through a real pipe on its stdin.
    const run = await loyaltyProcess(
      ['clientes', 'puntos', 'add', 'cli_0002', '--data', '-', '--motivo', 'from the flag'],
      env,
      JSON.stringify({ puntos: 7, motivo: 'from stdin' }),
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ puntos: 7 });
  });
});
