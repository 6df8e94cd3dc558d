/**
 * `loyalty bulk --shard`: a worker's share of the rows, given as INDEX/COUNT or read from the task
 * engine's variables with `--shard auto` (Kubernetes Indexed Jobs, Cloud Run jobs, AWS Batch
 * array jobs); every mistake a usage error naming what to give.
 */
import { describe, expect, it } from 'vitest';
import { BULK_HELP } from '../../src/cli/bulk/bulk-help.js';
import { parseShard, SHARD_ENGINES } from '../../src/cli/bulk/bulk-shard.js';
import { UsageError } from '../../src/cli/shared/usage-error.js';

type Case = [string, string | undefined, string | undefined, NodeJS.ProcessEnv];

const READ: readonly [...Case, { index: number; count: number; readFrom: string[] } | undefined][] = [
  ['no --shard: the whole file', undefined, undefined, {}, undefined],
  ['--shard 2/4', '2/4', undefined, {}, { index: 2, count: 4, readFrom: [] }],
  ['--shard 0/1', '0/1', undefined, {}, { index: 0, count: 1, readFrom: [] }],
  [
    'a Kubernetes Indexed Job: JOB_COMPLETION_INDEX and --shard-count',
    'auto',
    '4',
    { JOB_COMPLETION_INDEX: '3' },
    { index: 3, count: 4, readFrom: ['JOB_COMPLETION_INDEX=3'] },
  ],
  [
    'a Cloud Run job: CLOUD_RUN_TASK_INDEX and CLOUD_RUN_TASK_COUNT',
    'auto',
    undefined,
    { CLOUD_RUN_TASK_INDEX: '1', CLOUD_RUN_TASK_COUNT: '5' },
    { index: 1, count: 5, readFrom: ['CLOUD_RUN_TASK_INDEX=1', 'CLOUD_RUN_TASK_COUNT=5'] },
  ],
  [
    'a Cloud Run job with the same --shard-count',
    'auto',
    '5',
    { CLOUD_RUN_TASK_INDEX: '1', CLOUD_RUN_TASK_COUNT: '5' },
    { index: 1, count: 5, readFrom: ['CLOUD_RUN_TASK_INDEX=1', 'CLOUD_RUN_TASK_COUNT=5'] },
  ],
  [
    'an AWS Batch array job: AWS_BATCH_JOB_ARRAY_INDEX and --shard-count',
    'auto',
    '10',
    { AWS_BATCH_JOB_ARRAY_INDEX: '0' },
    { index: 0, count: 10, readFrom: ['AWS_BATCH_JOB_ARRAY_INDEX=0'] },
  ],
];

const REFUSED: readonly [...Case, RegExp][] = [
  [
    'an index not below the count',
    '4/4',
    undefined,
    {},
    /index \(0-based\) must be below the count, got 4 of 4/,
  ],
  ['a count of 0', '0/0', undefined, {}, /count must be at least 1/],
  ['a 1-based word', 'two/4', undefined, {}, /--shard takes INDEX\/COUNT \(0-based: 0\/4 to 3\/4\) or auto/],
  ['a negative index', '-1/4', undefined, {}, /--shard takes INDEX\/COUNT/],
  ['--shard-count with INDEX/COUNT', '1/4', '4', {}, /--shard-count goes with --shard auto/],
  ['--shard-count alone', undefined, '4', {}, /--shard-count goes with --shard auto/],
  [
    'auto with no task variable: names them all and the flag',
    'auto',
    '4',
    {},
    /--shard auto found no task index: it reads JOB_COMPLETION_INDEX \(a Kubernetes Indexed Job\), CLOUD_RUN_TASK_INDEX and CLOUD_RUN_TASK_COUNT \(a Cloud Run job\), AWS_BATCH_JOB_ARRAY_INDEX \(an AWS Batch array job\), the count from --shard-count N where the engine sets none; elsewhere give --shard INDEX\/COUNT/,
  ],
  [
    'auto on an Indexed Job without --shard-count',
    'auto',
    undefined,
    { JOB_COMPLETION_INDEX: '1' },
    /read JOB_COMPLETION_INDEX \(a Kubernetes Indexed Job\): give the count with --shard-count N/,
  ],
  [
    'auto with an index not a whole number',
    'auto',
    '4',
    { JOB_COMPLETION_INDEX: '1.5' },
    /JOB_COMPLETION_INDEX must be a whole number, got "1.5"/,
  ],
  [
    'auto with the index at the count',
    'auto',
    '4',
    { JOB_COMPLETION_INDEX: '4' },
    /must be below the count, got 4 of 4/,
  ],
  ['--shard-count 0', 'auto', '0', { JOB_COMPLETION_INDEX: '0' }, /count must be at least 1, got 0/],
  [
    '--shard-count not a number',
    'auto',
    'four',
    { JOB_COMPLETION_INDEX: '0' },
    /--shard-count must be a whole number/,
  ],
  [
    '--shard-count that differs from CLOUD_RUN_TASK_COUNT',
    'auto',
    '4',
    { CLOUD_RUN_TASK_INDEX: '1', CLOUD_RUN_TASK_COUNT: '5' },
    /--shard-count 4 differs from CLOUD_RUN_TASK_COUNT=5/,
  ],
];

describe('--shard', () => {
  it.each(READ)('%s', (_case, shard, count, env, expected) => {
    expect(parseShard(shard, count, env)).toEqual(expected);
  });

  it.each(REFUSED)('refuses %s, as a usage error', (_case, shard, count, env, message) => {
    let thrown: unknown;
    try {
      parseShard(shard, count, env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toMatch(message);
  });
});

describe('loyalty bulk --help', () => {
  it('lists --shard INDEX/COUNT, --shard auto with every variable it reads, and --shard-count', () => {
    for (const flag of ['--shard INDEX/COUNT', '--shard auto', '--shard-count N'])
      expect(BULK_HELP).toContain(flag);
    const variables = SHARD_ENGINES.flatMap(({ index, count }) => (count ? [index, count] : [index]));
    expect(variables.filter((name) => !BULK_HELP.includes(name))).toEqual([]);
  });
});
